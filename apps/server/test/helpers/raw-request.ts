/**
 * A GET sent over a real socket with its path exactly as written. `app.inject` resolves dot segments
 * and escapes before the server sees the address, so addresses that play on them need this.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export type RawAnswer = { status: number; contentType: string; body: string };

export async function rawGet(app: FastifyInstance, rawPath: string): Promise<RawAnswer> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), body }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}
