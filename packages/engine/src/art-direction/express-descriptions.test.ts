import { describe, expect, it } from 'vitest';
import { localExpressCopy } from '../copy/express-copy';
import { BUSINESS_DESCRIPTIONS } from '../test-utils/business-descriptions';
import { planImagery } from './express-imagery';

describe('Express on forty ordinary descriptions, French and English', () => {
  it('holds twenty of each language', () => {
    const count = (language: string) =>
      BUSINESS_DESCRIPTIONS.filter((row) => row.language === language).length;
    expect([count('fr'), count('en')]).toEqual([20, 20]);
  });

  describe.each(BUSINESS_DESCRIPTIONS)('$description', (row) => {
    it('headline: a whole phrase; supporting line: the rest, in the description’s casing', () => {
      expect(localExpressCopy(row.description)).toEqual({
        headline: row.headline,
        supporting: row.supporting,
      });
    });

    it(`is read as ${row.subject}, and drawn with that trade’s icons`, () => {
      const imagery = planImagery(row.description, 'naturel', 0);
      expect(imagery.match.subject, imagery.match.why).toBe(row.subject);
      for (const icon of row.icons) expect(imagery.icons.slice(0, 3)).toContain(icon);
      for (const icon of row.notIcons ?? []) expect(imagery.icons).not.toContain(icon);
    });
  });
});
