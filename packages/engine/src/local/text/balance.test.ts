import { describe, expect, it } from 'vitest';
import { TYPEFACES } from '../../art-direction/typefaces';
import { renderText } from '../../image/sharp';
import { evenness, lineWidths } from './balance';
import { specOf } from './fit-mask';
import { fontFor } from './fonts';

/** Lines set as given (a newline breaks one), at a fixed size. */
const set = async (markup: string, face = TYPEFACES.moderne.slogan) =>
  (await renderText({ ...specOf(markup, fontFor(face), 'left'), width: 4000, dpi: 300 })).mask;

describe('the lines of a set text, read from its ink', () => {
  it('finds each line and its width: a one-word tail is short beside the line above it', async () => {
    const widths = lineWidths(await set('à savourer tout l’été en\nterrasse'));
    expect(widths).toHaveLength(2);
    expect(widths[1]! / widths[0]!).toBeGreaterThan(0.2);
    expect(widths[1]! / widths[0]!).toBeLessThan(0.5);
  }, 30_000);

  it('counts an accent or a dot apart from its letters with their line, not as a line of its own', async () => {
    // Lower-case letters without ascenders: the accents stand apart from them by blank rows.
    expect(lineWidths(await set('ouverte\néééé oui'))).toHaveLength(2);
    expect(lineWidths(await set('mini mini'))).toHaveLength(1);
  }, 30_000);

  it('tells apart the lines of a script face, whose descenders reach into the next line', async () => {
    const widths = lineWidths(
      await set('A gift I made for a friend who loves\ntea', TYPEFACES.manuscrit.slogan),
    );
    expect(widths).toHaveLength(2);
    expect(widths[1]! / widths[0]!).toBeLessThan(0.2);
  }, 30_000);

  it('scores even lines near 1, one line 1, and a one-word tail under a half', async () => {
    expect(await set('Fraîche et pétillante').then(evenness)).toBe(1);
    expect(await set('Fraîche et pétillante,\nà savourer tout l’été').then(evenness)).toBeGreaterThan(0.85);
    expect(await set('à savourer tout l’été en\nterrasse').then(evenness)).toBeLessThan(0.5);
  }, 30_000);
});
