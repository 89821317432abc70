/* eslint-disable no-restricted-properties -- the child process gets a minimal environment of its own */
/**
 * The shipped faces stay the faces texts are drawn with, whatever happens to the system's fonts while
 * a process runs and whatever drew text in it first. Each case runs in a fresh process: fontconfig
 * reads its configuration once per process.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configurationText } from './font-config';
import { fontFor } from './fonts';

const here = (file: string) => JSON.stringify(path.join(import.meta.dirname, file));
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * Runs an ES module script in a fresh Node process (tsx loaded): the JSON it printed last, and what it
 * wrote to stderr.
 */
function inFreshProcess(script: string, env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  if (run.status !== 0) throw new Error(`the script failed (${run.status}):\n${run.stderr}`);
  return { result: JSON.parse(run.stdout.trim().split('\n').at(-1)!), stderr: run.stderr };
}

/** Sets a price in Moderne (Inter ExtraBold) as the engine does; its pixels, and the face check's verdict. */
const SET_A_PRICE = `
  const { renderText } = await import(${here('../../image/sharp.ts')});
  const { fontFor, FONT_SETUP } = await import(${here('fonts.ts')});
  const { checkFace } = await import(${here('face-check.ts')});
  const font = fontFor({ family: 'Inter', weight: 800, italic: false, uppercase: false });
  const fontfile = FONT_SETUP.mode === 'registered' ? font.file : undefined;
  async function price() {
    const text = '-15 % : 2,50 € le 12/12';
    const { mask } = await renderText({ markup: text, font: font.description, fontfile, width: 2000, dpi: 144, align: 'left' });
    const check = await checkFace(text, font, fontfile);
    return { pixels: mask.data.toString('base64'), ok: check.ok };
  }
  /** An SVG with text: librsvg's fonts ask fontconfig whether its configuration is up to date. */
  async function svgText() {
    const sharp = (await import('sharp')).default;
    await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60"><text x="4" y="40" font-size="30" font-family="sans-serif">Prix 9,90</text></svg>')).png().toBuffer();
  }
  const pause = (ms) => new Promise((done) => setTimeout(done, ms));`;

describe('the shipped faces in a running process', () => {
  it('survive a change of the system fonts (fontconfig rebuilding its configuration drops fonts added at run time)', () => {
    // The system's configuration stands in for the machine's: a font folder of its own, rescanned
    // every second (30 s by default), into which a font package is "installed" while the process runs.
    const root = mkdtempSync(path.join(os.tmpdir(), 'vitrine-fontconfig-test-'));
    folders.push(root);
    const fonts = path.join(root, 'fonts');
    mkdirSync(fonts);
    const system = path.join(root, 'fonts.conf');
    writeFileSync(
      system,
      `<?xml version="1.0"?><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>
       <dir>${fonts}</dir><cachedir>${path.join(root, 'cache')}</cachedir>
       <config><rescan><int>1</int></rescan></config></fontconfig>`,
    );
    const newFont = fontFor({ family: 'Caveat', weight: 700, italic: false, uppercase: false }).file;
    const { result } = inFreshProcess(
      `${SET_A_PRICE}
      const before = await price();
      await svgText();
      await pause(1200);
      (await import('node:fs')).copyFileSync(${JSON.stringify(newFont)}, ${JSON.stringify(path.join(fonts, 'installed.ttf'))});
      await pause(1200);
      await svgText();
      await svgText();
      const after = await price();
      console.log(JSON.stringify({ same: before.pixels === after.pixels, before: before.ok, after: after.ok }));`,
      { FONTCONFIG_FILE: system },
    );
    expect(result).toEqual({ same: true, before: true, after: true });
  }, 60_000);

  it('is set in its own face even when something drew text before the engine loaded, and the check says so', () => {
    const { result, stderr } = inFreshProcess(`
      const sharp = (await import('sharp')).default;
      await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60"><text x="4" y="40" font-size="30">Avant</text></svg>')).png().toBuffer();
      const { layoutText } = await import(${here('text-layout.ts')});
      const { TYPEFACES } = await import(${here('../../art-direction/typefaces.ts')});
      const set = await layoutText({ role: 'slogan', text: '-15 % : 2,50 € 🧀', box: { x: 0, y: 0, width: 900, height: 200 },
        align: 'left', typeface: TYPEFACES.élégant.slogan, language: 'fr' });
      console.log(JSON.stringify(set.face));`);
    expect(result).toMatchObject({
      family: 'Playfair Display',
      weight: 700,
      file: 'PlayfairDisplay_700Bold.ttf',
      checked: true,
      emoji: '🧀',
    });
    // The faces were not in the configuration fontconfig had already read: the check found the text in
    // another face, and the faces were registered again before it was set once more.
    expect(stderr).toContain('registering the faces again');
  }, 60_000);
});

/**
 * Another font made to pass for a shipped face: the same family name, weight and style, in a higher
 * version (what a system package of a newer release would be), with another design's glyphs. Only the
 * font's own tables are changed: its names (family and full name), its weight class and its version.
 */
function impostor(of: { file: string; family: string; weight: number }, glyphsFrom: string): Buffer {
  const data = Buffer.from(readFileSync(glyphsFrom));
  const tables = new Map<string, number>();
  for (let i = 0; i < data.readUInt16BE(4); i++) {
    tables.set(data.toString('latin1', 12 + i * 16, 16 + i * 16), data.readUInt32BE(20 + i * 16));
  }
  data.writeUInt32BE(0x00630000, tables.get('head')! + 4); // version 99.0
  data.writeUInt16BE(of.weight, tables.get('OS/2')! + 4);
  const names = tables.get('name')!;
  const strings = names + data.readUInt16BE(names + 4);
  for (let i = 0; i < data.readUInt16BE(names + 2); i++) {
    const record = names + 6 + i * 12;
    const [platform, , , nameId] = [0, 2, 4, 6].map((at) => data.readUInt16BE(record + at));
    if (![1, 4, 16].includes(nameId!)) continue;
    const text = nameId === 4 ? `${of.family} ExtraBold` : of.family;
    const bytes = platform === 1 ? Buffer.from(text, 'latin1') : Buffer.from(text, 'utf16le').swap16();
    if (bytes.length > data.readUInt16BE(record + 8)) continue;
    bytes.copy(data, strings + data.readUInt16BE(record + 10));
    data.writeUInt16BE(bytes.length, record + 8);
  }
  return data;
}

describe('a copy of a shipped family that the system has', () => {
  it('is not used, even in a higher version: texts keep the shipped file and pass the check', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'vitrine-fontconfig-test-'));
    folders.push(root);
    const fonts = path.join(root, 'fonts');
    mkdirSync(fonts);
    const inter = fontFor({ family: 'Inter', weight: 800, italic: false, uppercase: false });
    const caveat = fontFor({ family: 'Caveat', weight: 700, italic: false, uppercase: false }).file;
    writeFileSync(path.join(fonts, 'Inter-ExtraBold.ttf'), impostor(inter, caveat));
    const system = path.join(root, 'fonts.conf');
    writeFileSync(
      system,
      `<?xml version="1.0"?><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>
       <dir>${fonts}</dir><cachedir>${path.join(root, 'cache')}</cachedir></fontconfig>`,
    );
    const { result } = inFreshProcess(
      `${SET_A_PRICE}
      console.log(JSON.stringify({ ok: (await price()).ok }));`,
      { FONTCONFIG_FILE: system },
    );
    expect(result).toEqual({ ok: true });
  }, 60_000);
});

describe('the font configuration', () => {
  it("includes the system's configuration, lists the faces' folders and turns automatic rescans off", () => {
    const fonts = { files: ['/a/inter/Inter.ttf', '/b/R&D fonts/Caveat.ttf'], families: ['Inter', 'Caveat'] };
    const text = configurationText('/etc/fonts/fonts.conf', fonts, '/tmp/cache');
    expect(text).toContain('<include ignore_missing="yes">/etc/fonts/fonts.conf</include>');
    expect(text).toContain('<dir>/a/inter</dir>');
    expect(text).toContain('<dir>/b/R&amp;D fonts</dir>');
    expect(text).toContain('<rescan><int>0</int></rescan>');
    // The rescan setting comes after the included file, which sets its own.
    expect(text.indexOf('<rescan>')).toBeGreaterThan(text.indexOf('<include'));
  });

  it("without a system configuration, keeps fontconfig's default folders for the characters the faces lack", () => {
    const text = configurationText(
      null,
      { files: ['/a/inter/Inter.ttf'], families: ['Inter'] },
      '/tmp/cache',
    );
    expect(text).toContain('<dir>/usr/share/fonts</dir>');
    expect(text).not.toContain('<include');
  });
});
