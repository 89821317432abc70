/** The built app, started as `npm start` would run it, on a free port and a temporary DATA_DIR. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type ServerProcess } from '../apps/server/test/helpers/server-process';

export type AppUnderTest = ServerProcess & { dataDir: string; close(): Promise<void> };

export async function startApp(env: Record<string, string> = {}): Promise<AppUnderTest> {
  const dist = path.resolve('apps/web/dist/index.html');
  if (!fs.existsSync(dist))
    throw new Error('The web app is not built: run "npm run build" before the browser tests.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'));
  const server = await startServer({ DATA_DIR: dataDir, ...env }, { entry: 'bundle' });
  return {
    ...server,
    dataDir,
    async close() {
      await server.stop('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
