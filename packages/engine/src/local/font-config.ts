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
 * (or the operator's FONTCONFIG_FILE), the folders of the shipped faces, and no automatic rescan. Every
 * face is then known from the first text in every thread, whatever the order of first use, and stays.
 * Worker threads inherit the environment of the thread that created them.
 */
/* eslint-disable no-restricted-properties -- the font configuration is handed to fontconfig through the environment */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * `configured`: the faces are in fontconfig's configuration (texts name them by family alone);
 * `registered`: they could not be, and each text names its file for libvips to register.
 */
export type FontSetup = { mode: 'configured'; file: string } | { mode: 'registered'; reason: string };

/** Set beside FONTCONFIG_FILE by the thread that wrote it: the file is this engine's. */
const OURS = 'VITRINE_FONTCONFIG_FILE';
/** The configuration that file includes ('' for none): a child process writes its own from it. */
const BASE = 'VITRINE_FONTCONFIG_BASE';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The configuration fontconfig would have read: the operator's, else the system's. */
function baseConfiguration(): string | null {
  // A process started by one that runs the engine inherits its file, removed when that one ends.
  if (process.env[OURS] && process.env.FONTCONFIG_FILE === process.env[OURS])
    return process.env[BASE] || null;
  const named = process.env.FONTCONFIG_FILE;
  if (named)
    return path.isAbsolute(named) || !process.env.FONTCONFIG_PATH
      ? named
      : path.join(process.env.FONTCONFIG_PATH, named);
  const folder = process.env.FONTCONFIG_PATH ?? '/etc/fonts';
  const file = path.join(folder, 'fonts.conf');
  return existsSync(file) ? file : null;
}

export function configurationText(
  base: string | null,
  fontDirs: readonly string[],
  cacheDir: string,
): string {
  const lines = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    base
      ? `  <include ignore_missing="yes">${escapeXml(base)}</include>`
      : // No system configuration: fontconfig's own defaults, so characters the shipped faces lack
        // are still drawn from the system's fonts.
        '  <dir>/usr/share/fonts</dir>\n  <dir>/usr/local/share/fonts</dir>\n  <dir prefix="xdg">fonts</dir>',
    ...fontDirs.map((dir) => `  <dir>${escapeXml(dir)}</dir>`),
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
function lists(file: string, fontDirs: readonly string[]): boolean {
  try {
    const text = readFileSync(file, 'utf8');
    return fontDirs.every((dir) => text.includes(`<dir>${escapeXml(dir)}</dir>`));
  } catch {
    return false;
  }
}

let setup: FontSetup | null = null;

/**
 * Gives fontconfig a configuration that holds the shipped faces' folders, once per process, from the
 * main thread (a worker thread checks that it inherited it). Must run before the first text or SVG is
 * drawn in the process: the engine's text module calls it as it loads.
 */
export function configureFonts(fontDirs: readonly string[]): FontSetup {
  if (setup) return setup;
  if (!isMainThread) {
    const inherited = process.env[OURS];
    if (inherited && process.env.FONTCONFIG_FILE === inherited && lists(inherited, fontDirs)) {
      return (setup = { mode: 'configured', file: inherited });
    }
    return (setup = { mode: 'registered', reason: 'the thread was started without the font configuration' });
  }
  try {
    const base = baseConfiguration();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-fonts-'));
    const file = path.join(dir, 'fonts.conf');
    writeFileSync(file, configurationText(base, fontDirs, dir), { mode: 0o600 });
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    process.env.FONTCONFIG_FILE = file;
    process.env[OURS] = file;
    process.env[BASE] = base ?? '';
    return (setup = { mode: 'configured', file });
  } catch (error) {
    return (setup = { mode: 'registered', reason: error instanceof Error ? error.message : String(error) });
  }
}
