/**
 * The shipped faces as part of fontconfig's own configuration, fixed for the life of the process.
 *
 * libvips can register a font file when a text first names it, but that registration lives in
 * fontconfig's current configuration only: when the system's fonts change under a running process (a
 * package that brings fonts, a font copied into a font folder), fontconfig builds a new configuration
 * at its next up-to-date check (every 30 s by default; the SVG renderer's text asks for one) and the
 * registered faces are gone, while libvips remembers them as registered and never adds them again.
 * Texts in those faces then come out in a fallback face (docs/decisions/035).
 *
 * So, before fontconfig starts, the process is given a configuration file of its own: the system's
 * (or the operator's FONTCONFIG_FILE), the folders of the shipped faces, only the shipped files for
 * their families (a copy the system has of one, in another version, is not used), and no automatic
 * rescan. Every face is then known from the first text in every thread, whatever the order of first
 * use, and stays. Worker threads inherit the environment of the thread that created them.
 */
/* eslint-disable no-restricted-properties -- the font configuration is handed to fontconfig through the environment */
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * `configured`: the faces are in fontconfig's configuration (texts name them by family alone);
 * `registered`: they could not be, and each text names its file for libvips to register.
 */
export type FontSetup = { mode: 'configured'; file: string } | { mode: 'registered'; reason: string };

/** The shipped font files, and the families they hold. */
export type ShippedFonts = { files: readonly string[]; families: readonly string[] };

/** Set beside FONTCONFIG_FILE by the thread that wrote it: the file is this engine's. */
const OURS = 'VITRINE_FONTCONFIG_FILE';
/** The configuration that file includes ('' for none): a child process writes its own from it. */
const BASE = 'VITRINE_FONTCONFIG_BASE';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** fontconfig's own search for its file: FONTCONFIG_PATH's folders (a colon-separated list), then /etc/fonts. */
function searchConfiguration(name: string): string | null {
  if (path.isAbsolute(name)) return existsSync(name) ? name : null;
  const folders = [...(process.env.FONTCONFIG_PATH ?? '').split(':').filter(Boolean), '/etc/fonts'];
  return folders.map((folder) => path.join(folder, name)).find((file) => existsSync(file)) ?? null;
}

/** The configuration fontconfig would have read: the operator's, else the system's. */
function baseConfiguration(): string | null {
  // A process started by one that runs the engine inherits its file: it starts from the same base.
  if (process.env[OURS] && process.env.FONTCONFIG_FILE === process.env[OURS])
    return process.env[BASE] || null;
  return searchConfiguration(process.env.FONTCONFIG_FILE || 'fonts.conf');
}

/** A pattern that matches fonts whose `name` property is `value`. */
const pattern = (name: string, value: string) =>
  `      <pattern><patelt name="${name}"><string>${escapeXml(value)}</string></patelt></pattern>`;

export function configurationText(base: string | null, fonts: ShippedFonts, cacheDir: string): string {
  const dirs = [...new Set(fonts.files.map((file) => path.dirname(file)))].sort();
  const lines = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    base
      ? `  <include ignore_missing="yes">${escapeXml(base)}</include>`
      : // No system configuration: fontconfig's own defaults, so characters the shipped faces lack
        // are still drawn from the system's fonts.
        '  <dir>/usr/share/fonts</dir>\n  <dir>/usr/local/share/fonts</dir>\n  <dir prefix="xdg">fonts</dir>',
    ...dirs.map((dir) => `  <dir>${escapeXml(dir)}</dir>`),
    // The shipped families are the shipped files: fontconfig would otherwise prefer a copy the system
    // has in a higher version, or in a folder listed first, and its glyphs are not the ones checked.
    '  <selectfont>',
    '    <acceptfont>',
    ...fonts.files.map((file) => pattern('file', file)),
    '    </acceptfont>',
    '    <rejectfont>',
    ...fonts.families.map((family) => pattern('family', family)),
    '    </rejectfont>',
    '  </selectfont>',
    `  <cachedir>${escapeXml(cacheDir)}</cachedir>`,
    // Never rebuilt while the process runs: a rebuild drops fonts added at run time, and the shipped
    // faces must not depend on when the system's fonts last changed.
    '  <config><rescan><int>0</int></rescan></config>',
    '</fontconfig>',
    '',
  ];
  return lines.join('\n');
}

/** Whether a configuration file names every folder. */
function lists(file: string, fonts: ShippedFonts): boolean {
  try {
    const text = readFileSync(file, 'utf8');
    return fonts.files.every((font) => text.includes(`<dir>${escapeXml(path.dirname(font))}</dir>`));
  } catch {
    return false;
  }
}

/**
 * A folder of this user's own in the temporary folder, named after what it will hold, so that every
 * process with the same fonts shares one file (and fontconfig's cache of the faces) and none is left
 * behind per process. A folder of that name that another user made, or that others may write to, is
 * not used.
 */
function ownFolder(name: string): string | null {
  const dir = path.join(os.tmpdir(), name);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return null;
  }
  const stat = lstatSync(dir);
  const uid = process.getuid?.();
  const mine = uid === undefined || stat.uid === uid;
  return stat.isDirectory() && !stat.isSymbolicLink() && mine && (stat.mode & 0o077) === 0 ? dir : null;
}

/** Writes the file unless it already holds the text (a reader never sees it half written). */
function writeOnce(file: string, text: string): void {
  try {
    if (readFileSync(file, 'utf8') === text) return;
  } catch {
    // Not there yet.
  }
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, file);
}

function writeConfiguration(base: string | null, fonts: ShippedFonts): string {
  const key = createHash('sha256')
    .update(JSON.stringify([base, fonts]))
    .digest('hex')
    .slice(0, 16);
  const shared = ownFolder(`vitrine-fonts-${process.getuid?.() ?? 'user'}-${key}`);
  if (shared) {
    const file = path.join(shared, 'fonts.conf');
    writeOnce(file, configurationText(base, fonts, shared));
    return file;
  }
  // The shared folder is not ours to use: one for this process, removed when it ends.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-fonts-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'fonts.conf');
  writeFileSync(file, configurationText(base, fonts, dir), { mode: 0o600 });
  return file;
}

let setup: FontSetup | null = null;

/**
 * Gives fontconfig a configuration that holds the shipped faces, once per process, from the main thread
 * (a worker thread checks that it inherited it). Must run before the first text or SVG is drawn in the
 * process: the engine's font module calls it as it loads.
 */
export function configureFonts(fonts: ShippedFonts): FontSetup {
  if (setup) return setup;
  if (!isMainThread) {
    const inherited = process.env[OURS];
    if (inherited && process.env.FONTCONFIG_FILE === inherited && lists(inherited, fonts)) {
      return (setup = { mode: 'configured', file: inherited });
    }
    return (setup = { mode: 'registered', reason: 'the thread was started without the font configuration' });
  }
  try {
    const base = baseConfiguration();
    const file = writeConfiguration(base, fonts);
    process.env.FONTCONFIG_FILE = file;
    process.env[OURS] = file;
    process.env[BASE] = base ?? '';
    return (setup = { mode: 'configured', file });
  } catch (error) {
    return (setup = { mode: 'registered', reason: error instanceof Error ? error.message : String(error) });
  }
}
