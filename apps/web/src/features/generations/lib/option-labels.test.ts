import { describe, expect, it } from 'vitest';
import { translate } from '@vitrine/shared/i18n/catalog';
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
