/**
 * Text colours of the theme meet WCAG AA for body text (4.5:1) on the surfaces they are used on: hints
 * and counters (ink-400) on cards (white), the page (ink-50) and tinted panels (ink-100).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';

const css = fs.readFileSync(new URL('../index.css', import.meta.url), 'utf8');

function token(name: string): string {
  const match = new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(css);
  if (!match) throw new Error(`no token --color-${name} in index.css`);
  return match[1]!;
}

describe('colour tokens', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#8a91ad', '#ffffff')).toBeCloseTo(3.12, 2);
  });

  it('hint and counter text (ink-400) is at least 4.5:1 on white, the page and tinted panels', () => {
    for (const surface of ['#ffffff', token('ink-50'), token('ink-100')]) {
      expect(contrastRatio(token('ink-400'), surface), surface).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('secondary text (ink-600) and body text (ink-900) are at least 4.5:1 on every surface', () => {
    for (const text of ['ink-600', 'ink-800', 'ink-900']) {
      for (const surface of ['#ffffff', token('ink-50'), token('ink-100')]) {
        expect(contrastRatio(token(text), surface), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
