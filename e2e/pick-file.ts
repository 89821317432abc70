/** Giving an image picker a file, as a user choosing one from their device would. */
import type { Page } from 'playwright-core';

/** Sets `bytes` as the file of the picker labelled `group` (a JPEG unless `mimeType` says otherwise). */
export async function pick(p: Page, group: string, name: string, bytes: Buffer, mimeType = 'image/jpeg') {
  await p
    .getByRole('group', { name: group, exact: true })
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType, buffer: bytes });
}
