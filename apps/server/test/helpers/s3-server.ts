/**
 * A local S3-compatible server for tests (s3rver, from the npm registry), on a free port with its files
 * in a temporary folder, and a bucket made for the test. `listKeys` says what the bucket holds.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Client } from '@aws-sdk/client-s3';
import { createS3Client, loadSdk, type S3Options } from '../../src/modules/storage/s3';

export type TestS3 = {
  options: S3Options;
  /** The variables that point the server's configuration at this bucket. */
  env: Record<string, string>;
  client: S3Client;
  listKeys(): Promise<string[]>;
  /** With `record`: every request the server was sent, as `METHOD /path?query`, in order. */
  requests: string[];
  /** Stops the server, keeping the client: what a bucket that goes away looks like. */
  stop(): Promise<void>;
  close(): Promise<void>;
};

/** A proxy in front of the server that writes down each request (s3rver has no such log). */
async function recordingProxy(port: number, requests: string[]): Promise<http.Server> {
  const proxy = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return proxy;
}

export async function startS3Server(
  bucket = 'vitrine-test',
  { record = false }: { record?: boolean } = {},
): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const requests: string[] = [];
  const proxy = record ? await recordingProxy(port, requests) : undefined;
  const options: S3Options = {
    endpoint: `http://127.0.0.1:${proxy ? (proxy.address() as AddressInfo).port : port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's own fixed pair.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
  const client = await createS3Client(options);
  let running = true;
  const stop = async () => {
    if (running) await server.close();
    running = false;
    proxy?.closeAllConnections();
    await new Promise((resolve) => (proxy?.listening ? proxy.close(resolve) : resolve(undefined)));
  };
  return {
    options,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: options.endpoint!,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    requests,
    async listKeys() {
      const { ListObjectsV2Command } = await loadSdk();
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((item) => item.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    stop,
    async close() {
      await stop();
      client.destroy();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
