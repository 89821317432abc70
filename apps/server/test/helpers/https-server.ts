/**
 * A real HTTPS server on loopback with a certificate made for the test (openssl), standing in for an
 * image host on the internet. Tests map host names to it through the fetcher's resolver.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type TestHttpsServer = { port: number; ca: Buffer; close(): Promise<void> };

export async function startHttpsServer(
  names: string[],
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<TestHttpsServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${names[0]}`,
      '-addext',
      `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const ca = fs.readFileSync(cert);
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    port: (server.address() as AddressInfo).port,
    ca,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
