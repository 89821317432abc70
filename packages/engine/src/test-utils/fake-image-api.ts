/** A local HTTP server (127.0.0.1, random port) that answers like an image API or a workflow webhook. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromSvg } from '../image/sharp';

export type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

export type FakeAnswer = {
  status: number;
  body: string | Buffer;
  headers?: Record<string, string>;
  /** Waits this long before answering. */
  delayMs?: number;
};

export type Answerer = (request: RecordedRequest, origin: string) => FakeAnswer | Promise<FakeAnswer>;

export const json = (status: number, value: unknown): FakeAnswer => ({
  status,
  body: JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});

export async function startFakeServer(initial: Answerer = () => json(404, {})) {
  const requests: RecordedRequest[] = [];
  let answerer = initial;
  // Requests that started before the last `answer(...)` belong to an earlier test: not recorded.
  let generation = 0;
  const server = createServer((req, res) => {
    const startedIn = generation;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      if (startedIn === generation) requests.push(recorded);
      const answer = await answerer(recorded, origin);
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (res.destroyed) return;
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    answer(next: Answerer) {
      answerer = next;
      generation++;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeServer = Awaited<ReturnType<typeof startFakeServer>>;

/**
 * A scene as a model would draw it, as PNG: violet walls and a lighter floor, colours that the
 * synthetic context photo (sky, hills, wood) never has, so tests can tell whose background was used.
 */
export function drawnScenePng(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#6a2fb8"/><stop offset="1" stop-color="#8a3fd0"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#wall)"/>
    <rect y="${Math.round(height * 0.72)}" width="${width}" height="${height}" fill="#b07ae0"/>
  </svg>`;
  return fromSvg(svg).png().toBuffer();
}
