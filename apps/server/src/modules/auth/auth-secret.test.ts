import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './auth-secret';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-secret-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const file = () => path.join(dir, 'auth-secret');

describe('auth secret', () => {
  it('uses AUTH_SECRET when it is set, and writes nothing', () => {
    expect(resolveAuthSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
    expect(fs.existsSync(file())).toBe(false);
  });

  it('makes one at the first start, readable by its owner only, and keeps it across restarts', () => {
    const first = resolveAuthSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret(undefined, dir)).toBe(first);
    expect(fs.readdirSync(dir)).toEqual(['auth-secret']);
  });

  it('an empty auth-secret file never yields an empty secret that anyone could sign cookies with', () => {
    fs.writeFileSync(file(), '', { mode: 0o600 });
    const secret = resolveAuthSecret(undefined, dir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(file(), 'utf8')).toBe(secret);
    fs.writeFileSync(file(), '  \n');
    expect(resolveAuthSecret(undefined, dir).length).toBeGreaterThanOrEqual(32);
  });

  it('a file holding a secret too short to be safe stops the start, naming the file', () => {
    fs.writeFileSync(file(), 'short\n');
    expect(() => resolveAuthSecret(undefined, dir)).toThrow(/auth-secret holds a secret of 5 characters/);
  });
});
