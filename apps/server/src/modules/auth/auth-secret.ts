/**
 * The secret that signs session cookies and e-mail tokens: AUTH_SECRET when set, otherwise one made at
 * the first start and kept in DATA_DIR, so sessions survive restarts without any set-up.
 *
 * The file appears whole or not at all (written under a temporary name, then linked into place), so a
 * crash cannot leave an empty secret; an empty file found anyway (an older version, a full disk) is
 * replaced by a new secret, and a file too short to be one stops the start rather than sign with it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const MIN_LENGTH = 32;

function readSecret(file: string): string {
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret !== '' && secret.length < MIN_LENGTH) {
    throw new Error(
      `${file} holds a secret of ${secret.length} characters, under ${MIN_LENGTH}: delete it to have a new one made, or set AUTH_SECRET`,
    );
  }
  return secret;
}

function temporaryWith(dir: string, secret: string): string {
  const temporary = path.join(dir, `.auth-secret.${process.pid}.${crypto.randomBytes(4).toString('hex')}`);
  fs.writeFileSync(temporary, secret, { mode: 0o600, flag: 'wx' });
  return temporary;
}

export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  const fresh = () => crypto.randomBytes(48).toString('base64url');
  let existing: string | undefined;
  try {
    existing = readSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (existing) return existing;

  const temporary = temporaryWith(dataDir, fresh());
  try {
    if (existing === undefined) {
      // No file: link fails if another process made one meanwhile, and then theirs is used.
      try {
        fs.linkSync(temporary, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    } else {
      // An empty file: replaced whole.
      fs.renameSync(temporary, file);
    }
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`${file} is empty: delete it to have a new one made, or set AUTH_SECRET`);
  return secret;
}
