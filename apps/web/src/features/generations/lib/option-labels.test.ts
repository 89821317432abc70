import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { EXPRESS_FORMATS, FUSION_FORMATS } from '@vitrine/shared/api/generation';
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

  it("labels the Fusion formats 1:1, 9:16, 16:9, 3:4, 4:3 and Express' banner 3:1", () => {
    expect(Object.values(FUSION_FORMAT_RATIOS)).toEqual(['1:1', '9:16', '16:9', '3:4', '4:3']);
    expect(EXPRESS_FORMAT_RATIOS.post).toBe('16:9');
    expect(EXPRESS_FORMAT_RATIOS.banner).toBe('3:1');
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
        ? ['Carré 1:1', 'Story 9:16', 'Bannière 16:9', 'Portrait 3:4', 'Paysage 4:3'].concat([
            'Carré 1:1',
            'Story 9:16',
            'Publication 16:9',
            'Bannière 3:1',
          ])
        : ['Square 1:1', 'Story 9:16', 'Banner 16:9', 'Portrait 3:4', 'Landscape 4:3'].concat([
            'Square 1:1',
            'Story 9:16',
            'Post 16:9',
            'Banner 3:1',
          ]),
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
