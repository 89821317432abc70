import { describe, expect, it } from 'vitest';
import { settingsUsed } from './settings-used';

const PRODUCT = '3f0c8a4e-1b2d-4c5e-8f90-a1b2c3d4e5f6';
const CONTEXT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('settingsUsed: what "generate again" fills the form with', () => {
  it('reads a Fusion result back: every option, both texts and the two uploads', () => {
    expect(
      settingsUsed({
        imageProduit: `/api/uploads/${PRODUCT}/file`,
        imageContexte: `/api/uploads/${CONTEXT}/file`,
        positionProduit: 'gauche',
        styleRendu: 'vintage',
        paletteCouleur: 'chaude',
        sloganPrincipal: 'Le goût du vrai',
        taglineSecondaire: '',
        nomProduit: 'Savon d’Alep',
        vueProduit: 'du dessus',
        styleTypo: 'élégant',
        formatImage: 'story',
        tousFormats: true,
        tailleProduit: 'normal',
        mode: 'fusion',
      }),
    ).toEqual({
      mode: 'fusion',
      position: 'gauche',
      style: 'vintage',
      palette: 'chaude',
      slogan: 'Le goût du vrai',
      tagline: '',
      productName: 'Savon d’Alep',
      productView: 'du dessus',
      typography: 'élégant',
      format: 'story',
      everyFormat: true,
      productUploadId: PRODUCT,
      contextUploadId: CONTEXT,
      sceneId: null,
      light: null,
      reflection: 'automatique',
      brand: true,
    });
  });

  it('reads back the light and reflection chosen; a damaged light is automatic, not a lost form', () => {
    const payload = {
      imageProduit: `/api/uploads/${PRODUCT}/file`,
      imageContexte: `/api/uploads/${CONTEXT}/file`,
      positionProduit: 'centré',
      styleRendu: 'minimaliste',
      paletteCouleur: 'chaude',
      styleTypo: 'moderne',
      formatImage: 'carré',
    };
    expect(
      settingsUsed({ ...payload, lumiere: { angle: 135, douceur: 0.6, intensite: 0.5 }, reflet: 'non' }),
    ).toMatchObject({ light: { angle: 135, softness: 0.6, strength: 0.5 }, reflection: 'non' });
    for (const lumiere of [{ angle: 400, douceur: 0.5, intensite: 0.5 }, [], 'gauche', { angle: 90 }]) {
      expect(
        settingsUsed({ ...payload, lumiere, reflet: 'peut-être' }),
        JSON.stringify(lumiere),
      ).toMatchObject({
        mode: 'fusion',
        style: 'minimaliste',
        light: null,
        reflection: 'automatique',
      });
    }
  });

  it('reads back the ready-made scene chosen instead of a context photo; a malformed one is no scene', () => {
    const payload = {
      imageProduit: `/api/uploads/${PRODUCT}/file`,
      imageContexte: '/api/scenes/studio-sweep/image?palette=chaude',
      decor: 'studio-sweep',
      positionProduit: 'centré',
      styleRendu: 'minimaliste',
      paletteCouleur: 'chaude',
      styleTypo: 'moderne',
      formatImage: 'carré',
    };
    expect(settingsUsed(payload)).toMatchObject({ sceneId: 'studio-sweep', contextUploadId: null });
    expect(settingsUsed({ ...payload, decor: '../secret' })).toMatchObject({ sceneId: null });
  });

  it('reads an Express result back, with the webhook’s "name WxH" format', () => {
    expect(
      settingsUsed({
        style: 'naturel',
        format: 'post 1920x1080',
        description: 'Épicerie fine',
        nomProduit: 'Coffret thé & biscuits',
        generation_type: 'vitrine_express',
      }),
    ).toEqual({
      mode: 'express',
      style: 'naturel',
      format: 'post',
      everyFormat: false,
      description: 'Épicerie fine',
      productName: 'Coffret thé & biscuits',
      brand: true,
    });
  });

  it('gives back the "Apply my brand" switch off only when the payload says so (marque: non)', () => {
    const fusion = {
      positionProduit: 'centré',
      styleRendu: 'minimaliste',
      paletteCouleur: 'pastel',
      styleTypo: 'moderne',
      formatImage: 'carré',
    };
    expect(settingsUsed({ ...fusion, marque: 'non' })).toMatchObject({ brand: false });
    expect(settingsUsed(fusion)).toMatchObject({ brand: true });
    const express = { mode: 'express', style: 'naturel', format: 'post' };
    expect(settingsUsed({ ...express, marque: 'non' })).toMatchObject({ brand: false });
    expect(settingsUsed(express)).toMatchObject({ brand: true });
  });

  it('an Express result made before "What is it?" existed reads back with it empty', () => {
    expect(settingsUsed({ mode: 'express', style: 'naturel', format: 'post' })).toMatchObject({
      productName: '',
    });
  });

  it('a result made before "What is it?" existed reads back with it empty, and its view left to the engine', () => {
    const settings = settingsUsed({
      positionProduit: 'centré',
      styleRendu: 'minimaliste',
      paletteCouleur: 'pastel',
      styleTypo: 'moderne',
      formatImage: 'carré',
    });
    expect(settings).toMatchObject({ productName: '', productView: 'automatique' });
  });

  it('photos given by another address are not ours to reuse: their ids are null', () => {
    const settings = settingsUsed({
      imageProduit: 'https://images.example/p.jpg',
      imageContexte: `/api/uploads/not-a-uuid/file`,
      positionProduit: 'centré',
      styleRendu: 'minimaliste',
      paletteCouleur: 'pastel',
      styleTypo: 'moderne',
      formatImage: 'carré',
    });
    expect(settings).toMatchObject({ productUploadId: null, contextUploadId: null });
  });

  it('a payload without a valid request gives null, not half a form', () => {
    expect(settingsUsed(null)).toBeNull();
    expect(settingsUsed(['https://x/y.jpg'])).toBeNull();
    expect(settingsUsed({ selectedImage: '/x.jpg' })).toBeNull();
    expect(settingsUsed({ styleRendu: 'vintage', positionProduit: 'en haut' })).toBeNull();
    expect(settingsUsed({ mode: 'express', style: 'baroque', format: 'square' })).toBeNull();
  });
});
