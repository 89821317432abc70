import { describe, expect, it } from 'vitest';
import {
  EXPRESS_STYLES,
  expressRequest,
  FUSION_TYPOGRAPHIES,
  fusionRequest,
} from '@vitrine/shared/api/generation';
import { planExpress } from '../../art-direction/express-plan';
import { planFusion } from '../../art-direction/plan';
import { checkFace } from './face-check';
import { fontFor, SHIPPED_TYPEFACES, type FontChoice } from './fonts';

/** What shop owners write: prices, percentages, dates and hours, accents, quotes, an emoji or two. */
const SHOP_TEXT =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 -15 % 2,50 € £9.99 $4 12/12 31.01. 7h30 ' +
  '« » “ ” ‘ ’ " \' ( ) / & @ # * + – — … · ° × àâäçéèêëîïôöùûüÿœæ ÀÂÇÉÈÊËÎÏÔÖÙÛÜŒÆ ñß 🧀 ☕ 🎉 🚲 ' +
  // Shown as emoji by default, though the typefaces have some of them (a white square): the emoji font's.
  '⬜ 🪜 ❤️ 1️⃣';

const faces = [...new Map(SHIPPED_TYPEFACES.map((t) => [fontFor(t).description, fontFor(t)])).values()];
/** The face's file, but a description that names another family or weight. */
const drawnAs = (font: FontChoice, description: string): FontChoice => ({ ...font, description });

describe('which face a text is drawn with', () => {
  for (const font of faces) {
    it(`passes every character of a shop's text set in ${font.description}`, async () => {
      const check = await checkFace(SHOP_TEXT, font);
      expect(check.mismatches).toEqual([]);
      expect(check.report).toMatchObject({
        family: font.family,
        weight: font.weight,
        checked: true,
        emoji: '🧀☕🎉🚲⬜🪜❤1',
      });
    });
  }

  it('refuses a price drawn in a fallback face (what a lost font gives), even one character long', async () => {
    for (const font of faces) {
      const fallback = drawnAs(font, font.description.replace(font.family, 'No Such Family'));
      for (const text of ['-15 %', '2,50 €', '12/12', 'x']) {
        const check = await checkFace(text, fallback);
        expect(check.ok, `${text} in ${font.description}`).toBe(false);
        expect(check.report.checked).toBe(false);
      }
    }
  });

  it('refuses the right family in another weight, and an upright face for an italic', async () => {
    const medium = fontFor({ family: 'Inter', weight: 500, italic: false, uppercase: false });
    expect((await checkFace('-15 %', drawnAs(medium, 'Inter, Noto Emoji ExtraBold'))).ok).toBe(false);
    const bold = fontFor({ family: 'Space Grotesk', weight: 700, italic: false, uppercase: false });
    expect((await checkFace('PROMO', drawnAs(bold, 'Space Grotesk, Noto Emoji Medium'))).ok).toBe(false);
    const italic = fontFor({ family: 'Playfair Display', weight: 400, italic: true, uppercase: false });
    expect((await checkFace('Le goût', drawnAs(italic, 'Playfair Display, Noto Emoji Bold'))).ok).toBe(false);
  });

  it('lists the characters neither the face nor the emoji font has (drawn from the system)', async () => {
    const font = fontFor({ family: 'Inter', weight: 800, italic: false, uppercase: false });
    const check = await checkFace('Thé 茶', font);
    expect(check.ok).toBe(true);
    expect(check.report.system).toBe('茶');
  });
});

describe('the shipped faces', () => {
  it('include every face a Fusion or Express text can be planned in (each is in the font configuration)', () => {
    const shipped = new Set(SHIPPED_TYPEFACES.map((t) => fontFor(t).file));
    const planned = [
      ...FUSION_TYPOGRAPHIES.flatMap(
        (typography) =>
          planFusion(
            fusionRequest.parse({
              ...{ position: 'centré', style: 'vintage', palette: 'chaude', format: 'story' },
              ...{ typography, slogan: 'Promo', tagline: '-15 %' },
            }),
            0,
          ).text,
      ),
      ...EXPRESS_STYLES.flatMap((style) => {
        const plan = planExpress(
          expressRequest.parse({ style, format: 'story', description: 'Boulangerie, pains au levain' }),
          0,
        );
        return [plan.headline, plan.supporting];
      }),
    ];
    expect(planned.filter(Boolean).length).toBeGreaterThan(FUSION_TYPOGRAPHIES.length * 2);
    for (const block of planned)
      if (block) expect(shipped, JSON.stringify(block.typeface)).toContain(fontFor(block.typeface).file);
  });
});
