/** The CLI's --light and --reflection, read into the request's terms. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIGHT } from '@vitrine/shared/api/light';
import { lightArg, reflectionArg } from './light-arg';

describe('--light', () => {
  it('reads the keys given and takes the form default for the others; auto leaves the light to the scene', () => {
    expect(lightArg('angle=45,strength=0.8')).toEqual({ ...DEFAULT_LIGHT, angle: 45, strength: 0.8 });
    expect(lightArg(' softness = 0.25 ')).toEqual({ ...DEFAULT_LIGHT, softness: 0.25 });
    expect(lightArg('auto')).toBeUndefined();
    expect(lightArg(undefined)).toBeUndefined();
  });

  it('gives back, for the request to refuse, what is not one light: unknown keys, repeats, odd numbers', () => {
    for (const bad of [
      'bright',
      'angle=45=3',
      'angle=45,angle=90',
      'angle=0x2D',
      'angle=1e1',
      'hue=3',
      'angle=',
    ])
      expect(lightArg(bad), bad).toBe(bad);
  });
});

describe('--reflection', () => {
  it('maps on, off and auto to the request, and passes anything else on to be refused', () => {
    expect([reflectionArg('on'), reflectionArg('off'), reflectionArg('auto')]).toEqual([
      'oui',
      'non',
      'automatique',
    ]);
    expect(reflectionArg('maybe')).toBe('maybe');
    expect(reflectionArg(undefined)).toBeUndefined();
  });
});
