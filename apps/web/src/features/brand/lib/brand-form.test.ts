import { describe, expect, it } from 'vitest';
import { brandKitInput, EMPTY_BRAND_KIT, type BrandKit } from '@vitrine/shared/api/brand';
import { appliedParts, canAddColour, pickerValue, toFormValues, toInput } from './brand-form';

const saved: BrandKit = {
  colours: [
    { hex: '#1f4e79', name: 'Bleu nuit' },
    { hex: '#e07a5f', name: '' },
  ],
  logo: { uploadId: '3f0c8a4e-1b2d-4c5e-8f90-a1b2c3d4e5f6', fileUrl: '/api/uploads/x/file', name: null },
  typography: 'élégant',
  signature: 'www.maboutique.fr',
  updatedAt: '2026-05-01T10:00:00.000Z',
};

describe('the brand form', () => {
  it('a saved kit, opened in the form and saved again unchanged, makes the same kit', () => {
    const body = brandKitInput.parse(toInput(toFormValues(saved)));
    expect(body).toEqual({
      colours: saved.colours,
      logoUploadId: saved.logo!.uploadId,
      typography: 'élégant',
      signature: 'www.maboutique.fr',
    });
  });

  it('an empty kit opens empty and saves as an empty kit', () => {
    const values = toFormValues(EMPTY_BRAND_KIT);
    expect(values).toEqual({ colours: [], logo: null, typography: '', signature: '' });
    expect(brandKitInput.parse(toInput(values))).toEqual({
      colours: [],
      logoUploadId: null,
      typography: null,
      signature: null,
    });
  });

  it('holds five colours at most', () => {
    const colour = { hex: '#000000', name: '' };
    expect(canAddColour({ ...toFormValues(EMPTY_BRAND_KIT), colours: Array(4).fill(colour) })).toBe(true);
    expect(canAddColour({ ...toFormValues(EMPTY_BRAND_KIT), colours: Array(5).fill(colour) })).toBe(false);
  });

  it('the colour picker shows the hex typed once it is one, a default meanwhile', () => {
    expect(pickerValue(' #A1B2C3 ')).toBe('#a1b2c3');
    expect(pickerValue('#12345g', '#ffffff')).toBe('#ffffff');
    expect(pickerValue('red', '#ffffff')).toBe('#ffffff');
  });
});

describe('what a generation gets from the kit', () => {
  it('the palette, then the logo, the signature and the typography the kit has', () => {
    expect(appliedParts(saved)).toEqual(['palette', 'logo', 'signature', 'typography']);
    expect(appliedParts({ ...saved, logo: null, typography: null })).toEqual(['palette', 'signature']);
  });

  it('nothing from a kit without a colour', () => {
    expect(appliedParts(EMPTY_BRAND_KIT)).toEqual([]);
  });
});
