import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { attachDashedValues } from './args';

const options = {
  slogan: { type: 'string' },
  tagline: { type: 'string' },
  png: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

describe('command-line values that start with a dash', () => {
  it('are taken as the value of the option before them (a slogan, a price)', () => {
    expect(attachDashedValues(['--tagline', '-10 % avant 10h', '--png'], options)).toEqual([
      '--tagline=-10 % avant 10h',
      '--png',
    ]);
    expect(attachDashedValues(['--slogan', '-15%', '--tagline', '—'], options)).toEqual([
      '--slogan=-15%',
      '--tagline', // an em dash is not a dash option
      '—',
    ]);
  });

  it("leave the command's own options alone: an option with no value stays an error", () => {
    expect(attachDashedValues(['--slogan', '--png'], options)).toEqual(['--slogan', '--png']);
    expect(attachDashedValues(['--slogan', '-h'], options)).toEqual(['--slogan', '-h']);
    expect(attachDashedValues(['--png', '-x'], options)).toEqual(['--png', '-x']);
  });
});

const out = mkdtempSync(path.join(os.tmpdir(), 'vitrine-cli-args-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const render = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'render.ts'), ...args], {
    encoding: 'utf8',
  });

describe('npm run render', () => {
  it('accepts a description that starts with a dash', () => {
    const run = render(
      ...['--mode', 'express', '--style', 'minimaliste', '--format', 'square', '--variants', '1'],
      ...['--description', '-10 % avant 10h sur les croissants', '--out', out],
    );
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).request.description).toBe('-10 % avant 10h sur les croissants');
    expect(readdirSync(out)).toEqual(['express-1.jpg']);
  }, 60_000);

  it('answers an unknown option with one line and the usage, not a stack trace', () => {
    const run = render('--mode', 'fusion', '--bogus');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^Unknown option '--bogus'/);
    expect(run.stderr).toContain('usage: npm run render');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
