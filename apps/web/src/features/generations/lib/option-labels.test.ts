import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  EXPRESS_FORMAT_SIZES,
  EXPRESS_FORMATS,
  FUSION_FORMAT_SIZES,
  FUSION_FORMATS,
} from '@vitrine/shared/api/generation';
import { translate, type MessageKey } from '@vitrine/shared/i18n/catalog';
import {
  EXPRESS_FORMAT_LABELS,
  EXPRESS_FORMAT_RATIOS,
  EXPRESS_STYLE_LABELS,
  FUSION_FORMAT_LABELS,
  FUSION_FORMAT_RATIOS,
  FUSION_PALETTE_LABELS,
  FUSION_POSITION_LABELS,
  FUSION_STYLE_LABELS,
  FUSION_TYPOGRAPHY_LABELS,
  formatName,
  styleLabel,
} from './option-labels';

describe('option labels', () => {
  it('every option of every list has a label in French and in English', () => {
    const tables = [
      FUSION_POSITION_LABELS,
      FUSION_STYLE_LABELS,
      FUSION_PALETTE_LABELS,
      FUSION_TYPOGRAPHY_LABELS,
      FUSION_FORMAT_LABELS,
      EXPRESS_STYLE_LABELS,
      EXPRESS_FORMAT_LABELS,
    ];
    for (const table of tables) {
      for (const key of Object.values(table)) {
        expect(translate('fr', key)).not.toBe('');
        expect(translate('en', key)).not.toBe('');
      }
    }
  });

  it("labels the Fusion formats 1:1, 9:16, 16:9, 3:4, 4:3, 4:5, 2:3 and the marketplace's 1:1, Express' banner 3:1", () => {
    expect(Object.values(FUSION_FORMAT_RATIOS)).toEqual([
      '1:1',
      '9:16',
      '16:9',
      '3:4',
      '4:3',
      '4:5',
      '2:3',
      '1:1',
    ]);
    expect(EXPRESS_FORMAT_RATIOS.post).toBe('16:9');
    expect(EXPRESS_FORMAT_RATIOS.banner).toBe('3:1');
    expect(EXPRESS_FORMAT_RATIOS.feed).toBe('4:5');
    expect(EXPRESS_FORMAT_RATIOS.pinterest).toBe('2:3');
  });

  it('every ratio label is the shape of its size, in both modes', () => {
    const ratio = ({ width, height }: { width: number; height: number }) => {
      const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
      return `${width / gcd(width, height)}:${height / gcd(width, height)}`;
    };
    for (const f of FUSION_FORMATS) expect(ratio(FUSION_FORMAT_SIZES[f]), f).toBe(FUSION_FORMAT_RATIOS[f]);
    // Express' banner is 1920 x 640 (3:1) and its post 16:9, as the spec labels them.
    for (const f of EXPRESS_FORMATS) expect(ratio(EXPRESS_FORMAT_SIZES[f]), f).toBe(EXPRESS_FORMAT_RATIOS[f]);
  });

  it('names the style of a history item by its mode, or Not specified when none was recorded', () => {
    expect(styleLabel('fusion', 'photo réaliste')).toEqual({ key: 'fusion.options.style.photoRealistic' });
    expect(styleLabel('express', 'elegante')).toEqual({ key: 'express.options.style.elegant' });
    // Decomposed accents (NFD) still match.
    expect(styleLabel('fusion', 'photo re\u0301aliste')).toEqual({
      key: 'fusion.options.style.photoRealistic',
    });
    expect(styleLabel('fusion', null)).toBeNull();
    expect(styleLabel('express', '  ')).toBeNull();
    expect(styleLabel('express', 'baroque')).toEqual({ text: 'baroque' });
  });
});

describe('format names', () => {
  const names = (lang: 'fr' | 'en') => {
    const t = ((key: MessageKey, values?: Record<string, string>) =>
      translate(lang, key, values)) as unknown as TFunction;
    return [
      ...FUSION_FORMATS.map((f) => ({ name: formatName(t, 'fusion', f), ratio: FUSION_FORMAT_RATIOS[f] })),
      ...EXPRESS_FORMATS.map((f) => ({ name: formatName(t, 'express', f), ratio: EXPRESS_FORMAT_RATIOS[f] })),
    ];
  };

  it.each(['fr', 'en'] as const)('name each format with its ratio (%s)', (lang) => {
    for (const { name, ratio } of names(lang)) expect(name.endsWith(` ${ratio}`), name).toBe(true);
    expect(names(lang).map((n) => n.name)).toEqual(
      lang === 'fr'
        ? [
            'Carré 1:1',
            'Story 9:16',
            'Bannière 16:9',
            'Portrait 3:4',
            'Paysage 4:3',
            'Fil d’actualité 4:5',
            'Pinterest 2:3',
            'Marketplace (fond blanc) 1:1',
          ].concat([
            'Carré 1:1',
            'Story 9:16',
            'Publication 16:9',
            'Bannière 3:1',
            'Fil d’actualité 4:5',
            'Pinterest 2:3',
          ])
        : [
            'Square 1:1',
            'Story 9:16',
            'Banner 16:9',
            'Portrait 3:4',
            'Landscape 4:3',
            'Feed post 4:5',
            'Pinterest 2:3',
            'Marketplace (white background) 1:1',
          ].concat(['Square 1:1', 'Story 9:16', 'Post 16:9', 'Banner 3:1', 'Feed post 4:5', 'Pinterest 2:3']),
    );
  });

  it.each(['fr', 'en'] as const)('no name stands for two shapes, across Fusion and Express (%s)', (lang) => {
    const ratioOf = new Map<string, string>();
    for (const { name, ratio } of names(lang)) {
      expect(ratioOf.get(name) ?? ratio, name).toBe(ratio);
      ratioOf.set(name, ratio);
    }
  });

  it.each(['fr', 'en'] as const)(
    'no two formats of a mode share a name, even without its ratio: portrait 3:4 is not the feed post 4:5 (%s)',
    (lang) => {
      const word = (key: MessageKey) => translate(lang, key).toLowerCase();
      for (const labels of [FUSION_FORMAT_LABELS, EXPRESS_FORMAT_LABELS]) {
        const words = Object.values(labels).map(word);
        expect(new Set(words).size, words.join(', ')).toBe(words.length);
      }
      expect(word(FUSION_FORMAT_LABELS.publication)).toBe(word(EXPRESS_FORMAT_LABELS.feed));
      expect(word(FUSION_FORMAT_LABELS.pinterest)).toBe(word(EXPRESS_FORMAT_LABELS.pinterest));
    },
  );

  it.each(['fr', 'en'] as const)(
    'the Fusion format help says the marketplace image carries no text, and the form has a note for it (%s)',
    (lang) => {
      const help = translate(lang, 'fusion.formatHelp').toLowerCase();
      expect(help).toContain(`${translate(lang, FUSION_FORMAT_LABELS.marketplace).toLowerCase()} 1:1`);
      expect(help).toContain(lang === 'fr' ? 'sans texte' : 'no text');
      const note = translate(lang, 'fusion.marketplaceNote').toLowerCase();
      expect(note).toContain(translate(lang, 'fusion.slogan').toLowerCase());
      expect(note).toContain(lang === 'fr' ? 'ne sont pas utilisés' : 'are not used');
    },
  );

  it.each(['fr', 'en'] as const)(
    'the help of each format field names the formats with their ratios (%s)',
    (lang) => {
      const fusion = translate(lang, 'fusion.formatHelp').toLowerCase();
      const express = translate(lang, 'express.formatHelp').toLowerCase();
      for (const f of FUSION_FORMATS) expect(fusion).toContain(FUSION_FORMAT_RATIOS[f]);
      for (const f of EXPRESS_FORMATS) expect(express).toContain(EXPRESS_FORMAT_RATIOS[f]);
      const banner = translate(lang, 'express.options.format.banner').toLowerCase();
      expect(fusion).toContain(`${banner} 16:9`);
      expect(express).toContain(`${banner} 3:1`);
    },
  );
});
