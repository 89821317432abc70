/** The render command's --brand brand.json, run as a user runs it: applied, or refused in one line. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawnLogo } from '../test-utils/brand';

const out = mkdtempSync(path.join(os.tmpdir(), 'vitrine-cli-brand-'));
const PRODUCT = path.join(import.meta.dirname, '../samples/photos/coffee-cup.png');
const CONTEXT = path.join(out, 'context.jpg');
const KIT = {
  colours: ['#1f3a5f', '#e8b04b'],
  logo: 'images/logo.png',
  typography: 'élégant',
  signature: '@maboutique',
};
beforeAll(async () => {
  mkdirSync(path.join(out, 'kit', 'images'), { recursive: true });
  // The logo's path is relative to the brand file, not to where the command runs (the repository).
  writeFileSync(path.join(out, 'kit', 'images', 'logo.png'), await drawnLogo());
  writeFileSync(
    CONTEXT,
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d9d4cb' } })
      .jpeg()
      .toBuffer(),
  );
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** A brand file holding `content` (JSON written as given when it is a string). */
function brandFile(name: string, content: unknown): string {
  const file = path.join(out, 'kit', `${name}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const render = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'render.ts'), ...args], {
    encoding: 'utf8',
  });
const express = (dir: string, brand: string) =>
  render(
    ...['--mode', 'express', '--style', 'moderne', '--format', 'square', '--description', 'Café du coin'],
    ...['--variants', '1', '--brand', brand, '--out', path.join(out, dir)],
  );

type Printed = {
  outputs: { metadata: { brand?: { colours: string[]; logo: unknown; signature: unknown } } }[];
};

describe('npm run render -- --brand', () => {
  it('applies the brand kit to Express and Fusion, the logo read beside the file', () => {
    const file = brandFile('brand', KIT);
    const run = express('express', file);
    expect(run.status, run.stderr).toBe(0);
    const { brand } = (JSON.parse(run.stdout) as Printed).outputs[0]!.metadata;
    expect(brand).toMatchObject({ colours: KIT.colours, signature: { text: '@maboutique' } });
    expect(brand!.logo).not.toBeNull();
    const fusion = render(
      ...['--mode', 'fusion', '--product', PRODUCT, '--context', CONTEXT, '--position', 'centré'],
      ...['--style', 'minimaliste', '--palette', 'pastel', '--typo', 'moderne', '--slogan', 'Le café'],
      ...['--format', 'carré', '--variants', '1', '--brand', file, '--out', path.join(out, 'fusion')],
    );
    expect(fusion.status, fusion.stderr).toBe(0);
    const printed = JSON.parse(fusion.stdout) as Printed;
    expect(printed.outputs[0]!.metadata.brand).toMatchObject({
      colours: KIT.colours,
      signature: { text: '@maboutique' },
    });
  }, 120_000);

  it.each([
    ['not JSON', '{ "colours": [', /is not JSON/],
    ['six colours', { colours: Array(6).fill('#1f3a5f') }, /colours must hold 1 to 5 colours/],
    ['a colour that is not one', { colours: ['#1f3a5f', 'bleu'] }, /"bleu" is not a colour/],
    ['a missing logo', { ...KIT, logo: 'images/absent.png' }, /the logo .*absent\.png cannot be read/],
    ['an unknown field', { ...KIT, font: 'Arial' }, /unknown field "font"/],
  ])(
    'refuses %s in one line, exit code 2',
    (name, content, message) => {
      const run = express(name.replace(/ /g, '-'), brandFile(name.replace(/ /g, '-'), content));
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^--brand: /);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    },
    60_000,
  );

  it('refuses a brand file that does not exist, and a logo that is not an image (exit code 1)', () => {
    const missing = express('no-file', path.join(out, 'kit', 'nowhere.json'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^--brand: cannot read/);
    writeFileSync(path.join(out, 'kit', 'images', 'notes.png'), 'not an image at all, only words'.repeat(8));
    const broken = express('broken', brandFile('broken', { ...KIT, logo: 'images/notes.png' }));
    expect(broken.status).toBe(1);
    expect(JSON.parse(broken.stderr).error.code).toMatch(/^IMAGE_/);
  }, 60_000);
});
