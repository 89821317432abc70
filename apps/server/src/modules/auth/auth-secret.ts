/**
 * The secret that signs session cookies and e-mail tokens: AUTH_SECRET when set, otherwise one made at
 * the first start and kept in DATA_DIR, so sessions survive restarts without any set-up.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(48).toString('base64url');
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process wrote it first: use theirs.
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}
