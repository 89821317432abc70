/**
 * What the text layout does with the face check's verdict: a text found in another face is set again
 * once every face is registered anew, and refused (the variant with it) if it is found so again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TextBlock } from '../../art-direction/types';
import { TYPEFACES } from '../../art-direction/typefaces';
import { isEngineError } from '../../errors';
import * as faceCheck from './face-check';
import { layoutText } from './text-layout';

vi.mock('./face-check', { spy: true });

const block = (text: string): TextBlock => ({
  role: 'slogan',
  text,
  box: { x: 0, y: 0, width: 800, height: 160 },
  align: 'left',
  typeface: TYPEFACES.moderne.slogan,
  language: 'fr',
});

const verdict = (ok: boolean): faceCheck.FaceCheck => ({
  ok,
  report: { family: 'Inter', weight: 800, italic: false, file: 'Inter_800ExtraBold.ttf', checked: ok },
  mismatches: ok ? [] : [{ char: '1', width: 26, expectedWidth: 16, shape: 0 }],
});

afterEach(() => vi.mocked(faceCheck.checkFace).mockReset());

describe('a text found in another face than its own', () => {
  it('is set again after the faces are registered anew, and kept when it is right then', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(faceCheck.checkFace).mockResolvedValueOnce(verdict(false)).mockResolvedValueOnce(verdict(true));
    const set = await layoutText(block('-15 % sur tout'));
    expect(set.face.checked).toBe(true);
    expect(faceCheck.checkFace).toHaveBeenCalledTimes(2);
  });

  it('is refused when found in another face again: the variant fails (TEXT_FACE), nothing is shipped', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(faceCheck.checkFace).mockResolvedValue(verdict(false));
    const error = await layoutText(block('2,50 € le café')).catch((e: unknown) => e);
    expect(isEngineError(error) && error.code).toBe('TEXT_FACE');
    expect(faceCheck.checkFace).toHaveBeenCalledTimes(2);
    // Not remembered: the same text is checked (and set) afresh next time.
    vi.mocked(faceCheck.checkFace).mockReset();
    vi.mocked(faceCheck.checkFace).mockResolvedValue(verdict(true));
    expect((await layoutText(block('2,50 € le café'))).face.checked).toBe(true);
  });
});
