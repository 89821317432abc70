import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIGHT, LIGHT_ANGLES } from '@vitrine/shared/api/light';
import { translate, type MessageKey } from '@vitrine/shared/i18n/catalog';
import type { Lang } from '@vitrine/shared/locale';
import {
  chooseLight,
  dialPoint,
  LIGHT_ANGLE_LABELS,
  lightSummary,
  nearestDialAngle,
  REFLECTION_LABELS,
} from './light-form';

const translator = (lang: Lang) =>
  ((key: MessageKey, values?: Record<string, string | number>) =>
    translate(lang, key, values)) as unknown as TFunction;
const fr = translator('fr');
const en = translator('en');

describe('the light dial', () => {
  it('puts each position where the picture shows the light: 0 on the right, 90 at the top, 270 at the bottom', () => {
    expect(dialPoint(0)).toEqual({ x: 1, y: -0 });
    expect(dialPoint(90)).toEqual({ x: 0, y: -1 });
    expect(dialPoint(180)).toEqual({ x: -1, y: -0 });
    expect(dialPoint(270)).toEqual({ x: -0, y: 1 });
    // The default light, from the upper left, sits up and to the left.
    const upperLeft = dialPoint(135);
    expect(upperLeft.x).toBeLessThan(0);
    expect(upperLeft.y).toBeLessThan(0);
  });

  it('names every position in French and in English', () => {
    for (const angle of LIGHT_ANGLES) {
      expect(translate('fr', LIGHT_ANGLE_LABELS[angle])).not.toBe('');
      expect(translate('en', LIGHT_ANGLE_LABELS[angle])).not.toBe('');
    }
    expect(translate('fr', LIGHT_ANGLE_LABELS[135])).toBe('En haut à gauche');
    expect(translate('en', LIGHT_ANGLE_LABELS[135])).toBe('Top left');
  });

  it('shows a light at any whole degree on its nearest position', () => {
    expect(nearestDialAngle(0)).toBe(0);
    expect(nearestDialAngle(100)).toBe(90);
    expect(nearestDialAngle(113)).toBe(135);
    expect(nearestDialAngle(350)).toBe(0);
  });
});

describe('choosing a light', () => {
  it('one control touched while automatic makes the light chosen, with the default light for the rest', () => {
    expect(chooseLight(null, { angle: 270 })).toEqual({ ...DEFAULT_LIGHT, angle: 270 });
    expect(chooseLight(null, { strength: 0.8 })).toEqual({ ...DEFAULT_LIGHT, strength: 0.8 });
    expect(chooseLight(null, {})).toEqual(DEFAULT_LIGHT);
  });

  it('a chosen light keeps what was chosen when another control moves', () => {
    const chosen = { angle: 0, softness: 0.1, strength: 0.3 };
    expect(chooseLight(chosen, { softness: 0.9 })).toEqual({ angle: 0, softness: 0.9, strength: 0.3 });
  });
});

describe('what the closed section says is chosen', () => {
  it('"Automatique" / "Automatic" while the light is read from the scene', () => {
    expect(lightSummary(fr, null, 'automatique')).toBe('Automatique');
    expect(lightSummary(en, null, 'automatique')).toBe('Automatic');
  });

  it('the direction, the shadow in a word and its strength, in both languages', () => {
    const light = { angle: 135, softness: 0.9, strength: 0.5 };
    expect(lightSummary(fr, light, 'automatique')).toBe('En haut à gauche, ombre douce, 50 %');
    expect(lightSummary(en, light, 'automatique')).toBe('Top left, soft shadow, 50%');
    const crisp = { angle: 270, softness: 0, strength: 0.85 };
    expect(lightSummary(fr, crisp, 'automatique')).toBe('En bas, ombre nette, 85 %');
    expect(lightSummary(en, crisp, 'automatique')).toBe('Bottom, crisp shadow, 85%');
  });

  it('a reflection chosen is said too', () => {
    expect(lightSummary(fr, null, 'non')).toBe('Automatique, sans reflet');
    expect(lightSummary(en, null, 'oui')).toBe('Automatic, with reflection');
    const light = { angle: 0, softness: 0.5, strength: 0.2 };
    expect(lightSummary(fr, light, 'oui')).toBe('À droite, ombre adoucie, 20 %, avec reflet');
    expect(lightSummary(en, light, 'non')).toBe('Right, softened shadow, 20%, no reflection');
  });

  it('every reflection has a label in both languages', () => {
    for (const key of Object.values(REFLECTION_LABELS)) {
      expect(translate('fr', key)).not.toBe('');
      expect(translate('en', key)).not.toBe('');
    }
  });
});
