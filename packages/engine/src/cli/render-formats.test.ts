/** The render command's --formats, --light and --reflection, run as a user runs it. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUSION_FORMAT_SIZES, FUSION_FORMATS } from '@vitrine/shared/api/generation';

const out = mkdtempSync(path.join(os.tmpdir(), 'vitrine-cli-formats-'));
const PRODUCT = path.join(import.meta.dirname, '../samples/photos/coffee-cup.png');
const CONTEXT = path.join(out, 'context.jpg');
beforeAll(async () => {
  const table = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d9d4cb' } })
    .jpeg()
    .toBuffer();
  writeFileSync(CONTEXT, table);
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

const render = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'render.ts'), ...args], {
    encoding: 'utf8',
  });
const fusion = (dir: string, ...args: string[]) =>
  render(
    ...['--mode', 'fusion', '--product', PRODUCT, '--context', CONTEXT, '--position', 'centré'],
    ...['--style', 'minimaliste', '--palette', 'pastel', '--typo', 'moderne', '--slogan', 'Le café du matin'],
    ...['--variants', '1', '--out', path.join(out, dir), ...args],
  );

describe('npm run render -- --formats', () => {
  it('all: writes each format under OUT/<format key>/ and prints each image size', async () => {
    const run = fusion('all', '--formats', 'all');
    expect(run.status, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as {
      outputs: { format: string; files: string[]; metadata: { width: number; height: number } }[];
    };
    expect(readdirSync(path.join(out, 'all')).sort()).toEqual([...FUSION_FORMATS].sort());
    expect(printed.outputs.map((o) => o.format)).toEqual([...FUSION_FORMATS]);
    for (const { format, files, metadata } of printed.outputs) {
      const size = FUSION_FORMAT_SIZES[format as keyof typeof FUSION_FORMAT_SIZES];
      expect(files).toEqual([path.join(out, 'all', format, 'fusion-1.jpg')]);
      expect({ width: metadata.width, height: metadata.height }).toEqual(size);
      const file = await sharp(files[0]!).metadata();
      expect({ width: file.width, height: file.height }, format).toEqual(size);
    }
  }, 120_000);

  it('a list: only the formats named, and an unknown one is one line with the usage', () => {
    const run = fusion('list', '--formats', 'story,carré');
    expect(run.status, run.stderr).toBe(0);
    expect(readdirSync(path.join(out, 'list')).sort()).toEqual(['carré', 'story']);
    const bad = fusion('bad', '--formats', 'story,poster');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^--formats: unknown format "poster"/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});

describe('npm run render -- --light --reflection', () => {
  it('takes the light and the reflection chosen, and records them in the metadata', () => {
    const run = fusion(
      'light',
      '--format',
      'carré',
      '--light',
      'angle=45,strength=0.8',
      '--reflection',
      'off',
    );
    expect(run.status, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout);
    expect(printed.request.light).toEqual({ angle: 45, softness: 0.5, strength: 0.8 });
    expect(printed.request.reflection).toBe('non');
    expect(printed.outputs[0].metadata.light).toMatchObject({ from: 'chosen', angle: 45, reflection: false });
  }, 60_000);

  it('refuses a light that is not one, naming the option', () => {
    const run = fusion('bad-light', '--light', 'angle=400');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--light\.angle/);
    const word = fusion('bad-word', '--light', 'bright');
    expect(word.status).toBe(2);
    expect(word.stderr).toMatch(/--light/);
  }, 60_000);
});
