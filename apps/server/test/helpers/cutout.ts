/** Requests to an upload's cut-out, and what is stored of it, for the cut-out tests. */
import fs from 'node:fs';
import path from 'node:path';
import { storageDir } from '../../src/modules/storage/storage';
import type { TestApp } from './test-app';

/** `app` is read at each call: test files start their app in a beforeAll. */
export function cutoutRequests(app: () => TestApp) {
  return {
    get: (cookie: string, url: string) => app().app.inject({ method: 'GET', url, headers: { cookie } }),
    put: (cookie: string, id: string, payload: unknown, lang = 'fr') =>
      app().app.inject({
        method: 'PUT',
        url: `/api/uploads/${id}/cutout`,
        headers: { cookie, 'accept-language': lang, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      }),
    /** Files under the user's storage folder (uploads, masks, previews). */
    filesOf: (userId: string): string[] => {
      const dir = path.join(storageDir(app().config.dataDir), userId);
      return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    },
    rowsOf: (uploadId: string) =>
      app().database.query<{ choice: string; version: number }>(
        `select choice, version from upload_cutouts where upload_id = $1`,
        [uploadId],
      ),
  };
}
