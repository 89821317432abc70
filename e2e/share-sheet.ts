/**
 * A recorded system share sheet (Chromium on Linux has none), and what the share and pick checks read
 * back: the user's history from the API, an image link's path, an image's bytes.
 */
import type { Page } from 'playwright-core';
import type { HistoryResponse } from '@vitrine/shared/api/generations';

/**
 * The system share sheet, recorded: Chromium on Linux has none. `__fileSharing` says whether the sheet
 * takes files (a phone's does); the link is shared when it does not.
 */
export function recordShares() {
  const w = window as unknown as { __shares: unknown[]; __fileSharing: boolean };
  w.__shares = [];
  w.__fileSharing = true;
  Object.defineProperty(Navigator.prototype, 'canShare', {
    configurable: true,
    value: (data?: ShareData) => w.__fileSharing || !data?.files,
  });
  Object.defineProperty(Navigator.prototype, 'share', {
    configurable: true,
    value: async (data: ShareData) => {
      const files = (data.files ?? []).map((file) => ({ name: file.name, type: file.type, size: file.size }));
      w.__shares.push({ title: data.title, url: data.url, files });
    },
  });
}
export type Shared = { title?: string; url?: string; files: { name: string; type: string; size: number }[] };
export const sharesOf = (p: Page) => p.evaluate(() => (window as unknown as { __shares: Shared[] }).__shares);

/** The user's history as the API gives it, and the path of an image link (without its signature). */
export const historyOf = async (p: Page) =>
  ((await (await p.request.get('/api/history')).json()) as HistoryResponse).items;
export const pathOf = (url: string | null) => (url ? new URL(url, 'http://x').pathname : null);
export const bytesOf = async (p: Page, url: string) => (await p.request.get(url)).body();
