import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPrerendered } from './prerendered';

const INDEX =
  '<!doctype html><html><head></head><body><div id="root"></div><script src="/a.js"></script></body></html>';
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-prerendered-'));
fs.mkdirSync(path.join(dist, 'prerendered'));
fs.writeFileSync(path.join(dist, 'prerendered', 'home.fr.html'), '<h1>Vos produits $& $1</h1>');
fs.writeFileSync(path.join(dist, 'prerendered', 'about.en.html'), '<h1>About</h1>');
fs.writeFileSync(path.join(dist, 'prerendered', 'notes.txt'), 'not a page');
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('prerendered public pages', () => {
  const prerendered = loadPrerendered(dist);

  it('puts the page’s HTML inside the root element, leaving the rest of the index as it is', () => {
    expect(prerendered.fill(INDEX, 'home', 'fr')).toBe(
      '<!doctype html><html><head></head><body><div id="root"><h1>Vos produits $& $1</h1></div><script src="/a.js"></script></body></html>',
    );
    expect(prerendered.fill(INDEX, 'about', 'en')).toContain('<div id="root"><h1>About</h1></div>');
  });

  it('leaves the index unchanged for a page or language that was not rendered', () => {
    expect(prerendered.fill(INDEX, 'about', 'fr')).toBe(INDEX);
    expect(prerendered.fill(INDEX, 'dashboard', 'en')).toBe(INDEX);
  });

  it('works without any prerendered folder (a build without it)', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-prerendered-none-'));
    expect(loadPrerendered(empty).fill(INDEX, 'home', 'fr')).toBe(INDEX);
    fs.rmSync(empty, { recursive: true, force: true });
  });
});
