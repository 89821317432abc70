/**
 * The cut-out command line, run as a user runs it (`npm run -s cutout -- …`): its interface is how the
 * cut-out is checked from outside, so its output, its box and its refusals are tested as such.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const PHOTO = path.join(ROOT, 'packages/engine/test-data/cutout-dev/0003.jpg');
const REFERENCE = path.join(ROOT, 'packages/engine/test-data/cutout-dev/0003.mask.png');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-cutout-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function cutout(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'packages/engine/src/cli/cutout.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    // The default cut-out, as a fresh installation runs it (the model npm install put in place).
    env: { ...process.env, CUTOUT_MODEL: '' },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Share of pixels on which two grey masks agree about "product" (>= 128), over their union. */
async function iou(a: string, b: string, width: number, height: number): Promise<number> {
  const grey = async (file: string) =>
    sharp(file).extractChannel(0).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  const [x, y] = await Promise.all([grey(a), grey(b)]);
  let both = 0;
  let either = 0;
  for (let p = 0; p < x.length; p++) {
    if (x[p]! >= 128 && y[p]! >= 128) both++;
    if (x[p]! >= 128 || y[p]! >= 128) either++;
  }
  return both / either;
}

describe('npm run -s cutout -- --in PHOTO --out MASK.png [--box x,y,w,h]', () => {
  it('writes a grey mask the size of the photo and prints method, confidence and time as JSON', async () => {
    const out = path.join(dir, 'auto.png');
    const run = cutout('--in', PHOTO, '--out', out);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      method: expect.any(String),
      confidence: expect.any(Number),
      ms: expect.any(Number),
    });
    // Found by the model npm install put in place, as a fresh installation finds it.
    expect(report.found).toBe('model');
    const [photo, mask] = await Promise.all([sharp(PHOTO).metadata(), sharp(out).metadata()]);
    expect([mask.width, mask.height, mask.format]).toEqual([photo.width, photo.height, 'png']);
    expect(mask.channels).toBe(1);
    expect(await iou(out, REFERENCE, photo.width!, photo.height!)).toBeGreaterThan(0.8);
  }, 60_000);

  it('takes a box in pixels of the photo: nothing outside it is the product', async () => {
    const { width = 0, height = 0 } = await sharp(PHOTO).metadata();
    const out = path.join(dir, 'box.png');
    const box = [
      Math.round(width * 0.25),
      Math.round(height * 0.1),
      Math.round(width * 0.5),
      Math.round(height * 0.8),
    ];
    const run = cutout('--in', PHOTO, '--out', out, '--box', box.join(','));
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).found).toBe('corrected');
    const { data, info } = await sharp(out).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    let outside = 0;
    for (let y = 0; y < info.height; y++)
      for (let x = 0; x < info.width; x++) {
        const inside = x >= box[0]! && x < box[0]! + box[2]! && y >= box[1]! && y < box[1]! + box[3]!;
        if (!inside && data[y * info.width + x]! >= 128) outside++;
      }
    expect(outside).toBe(0);
  }, 60_000);

  it('refuses bad arguments and unreadable files with one line and a non-zero exit, writing nothing', () => {
    const out = path.join(dir, 'never.png');
    const missing = cutout('--in', path.join(dir, 'no-such-photo.jpg'), '--out', out);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(/^cannot read .*no-such-photo\.jpg: ENOENT$/);

    const badBox = cutout('--in', PHOTO, '--out', out, '--box', '10,10,0,5');
    expect(badBox.code).toBe(2);
    expect(badBox.stderr).toMatch(/--box 10,10,0,5: .*\(photo is \d+x\d+\)/);

    const words = cutout('--in', PHOTO, '--out', out, '--box', 'left,top');
    expect(words.code).toBe(2);
    expect(words.stderr).toContain('--box must be four numbers x,y,w,h in pixels');

    const usage = cutout('--in', PHOTO);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run -s cutout');

    const notPhoto = path.join(dir, 'notes.jpg');
    fs.writeFileSync(notPhoto, 'not a photo at all, only text');
    const corrupt = cutout('--in', notPhoto, '--out', out);
    expect(corrupt.code).toBe(1);
    expect(corrupt.stderr.trim().split('\n')).toHaveLength(1);
    expect(fs.existsSync(out)).toBe(false);
  }, 90_000);
});
