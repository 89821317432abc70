import { describe, expect, it } from 'vitest';
import type { GenerationResult } from '@vitrine/shared/api/generations';
import { againLink, readAgain } from './generate-again';

const fusion = {
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
  productUploadId: 'p',
  contextUploadId: 'c',
  sceneId: null,
  light: null,
  reflection: 'automatique',
  everyFormat: false,
  brand: true,
} as const;
const express = {
  mode: 'express',
  style: 'naturel',
  format: 'post',
  description: 'Épicerie',
  productName: 'Coffret thé & biscuits',
  everyFormat: true,
  brand: false,
} as const;

const result = (settings: GenerationResult['settings']): GenerationResult => ({
  id: 'r',
  backgroundGenerationId: 'g',
  mode: settings?.mode ?? 'fusion',
  generatedAt: '2026-05-01T10:00:00.000Z',
  style: null,
  format: null,
  images: [],
  selectedImage: null,
  expiresAt: '2027-05-01T10:00:00.000Z',
  availability: 'available',
  settings,
});

describe('generate again with these settings', () => {
  it('opens the form of the generation’s own mode, carrying its settings', () => {
    expect(againLink(result(fusion))).toEqual({
      to: '/dashboard',
      state: { again: fusion, generatedAt: '2026-05-01T10:00:00.000Z' },
    });
    expect(againLink(result(express))?.to).toBe('/dashboard/express');
  });

  it('offers nothing when the settings are unknown', () => {
    expect(againLink(result(null))).toBeNull();
  });

  it('a form takes only settings of its own mode', () => {
    const state = againLink(result(express))!.state;
    expect(readAgain(state, 'express')?.again).toEqual(express);
    expect(readAgain(state, 'fusion')).toBeNull();
    expect(readAgain(null, 'fusion')).toBeNull();
    expect(readAgain({ again: fusion }, 'fusion')).toBeNull();
  });
});
