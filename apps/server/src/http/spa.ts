/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is revalidated each time,
 * and answers every path no file owns so the client router can show the page, with status 200 for the
 * app's pages and 404 for any other path (the app then shows its 404 screen).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { StartupError } from '../lib/startup-error';

export async function registerSpa(app: FastifyInstance, distDir: string) {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    throw new StartupError(`The web app is not built: ${indexPath} is missing (run "npm run build").`);
  }
  const indexHtml = fs.readFileSync(indexPath);

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // Cache-Control is set below, per file kind.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  return {
    sendIndex(reply: FastifyReply, status: 200 | 404 = 200) {
      return reply
        .status(status)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    },
  };
}
