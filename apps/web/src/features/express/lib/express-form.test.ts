import { describe, expect, it } from 'vitest';
import { buildExpressRequest, EMPTY_EXPRESS, expressComplete } from './express-form';

describe('Express request', () => {
  it("is incomplete until both style and format are chosen ('Missing parameters')", () => {
    expect(expressComplete(EMPTY_EXPRESS)).toBe(false);
    expect(expressComplete({ ...EMPTY_EXPRESS, style: 'vintage' })).toBe(false);
    expect(buildExpressRequest({ ...EMPTY_EXPRESS, format: 'story' })).toEqual({ ok: false, missing: true });
    expect(expressComplete({ ...EMPTY_EXPRESS, style: 'vintage', format: 'story' })).toBe(true);
  });

  it('sends style and format, and the description trimmed only when there is one', () => {
    expect(
      buildExpressRequest({ ...EMPTY_EXPRESS, style: 'naturel', format: 'post', description: '   ' }),
    ).toEqual({
      ok: true,
      body: { style: 'naturel', format: 'post' },
    });
    expect(
      buildExpressRequest({
        ...EMPTY_EXPRESS,
        style: 'naturel',
        format: 'post',
        description: ' Fleuriste à Nantes ',
      }),
    ).toEqual({
      ok: true,
      body: { style: 'naturel', format: 'post', description: 'Fleuriste à Nantes' },
    });
  });

  it('sends what the product is ("What is it?"), trimmed, only when there is one', () => {
    const base = { ...EMPTY_EXPRESS, style: 'naturel', format: 'post' } as const;
    expect(buildExpressRequest({ ...base, productName: ' Bougie lavande & figue ' })).toEqual({
      ok: true,
      body: { style: 'naturel', format: 'post', productName: 'Bougie lavande & figue' },
    });
    expect(buildExpressRequest({ ...base, productName: '  ' })).toEqual({
      ok: true,
      body: { style: 'naturel', format: 'post' },
    });
  });

  it('refuses a product name the server would refuse (over 60 characters)', () => {
    const result = buildExpressRequest({
      ...EMPTY_EXPRESS,
      style: 'naturel',
      format: 'post',
      productName: 'x'.repeat(61),
    });
    expect(!result.ok && !result.missing && result.error.issues[0]?.path).toEqual(['productName']);
  });

  it('refuses a description the server would refuse (over 200 characters)', () => {
    const result = buildExpressRequest({
      ...EMPTY_EXPRESS,
      style: 'naturel',
      format: 'post',
      description: 'x'.repeat(201),
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && !result.missing && result.error.issues[0]?.path).toEqual(['description']);
  });
});

describe('"Apply my brand" in the Express request', () => {
  it('on (the default), the request says nothing; switched off, it says brand: false', () => {
    const base = { ...EMPTY_EXPRESS, style: 'naturel', format: 'post' } as const;
    expect(buildExpressRequest(base)).toEqual({ ok: true, body: { style: 'naturel', format: 'post' } });
    expect(buildExpressRequest({ ...base, brand: false })).toEqual({
      ok: true,
      body: { style: 'naturel', format: 'post', brand: false },
    });
  });
});

describe('the interface language goes with the Express request (the headline is written in it)', () => {
  it('is sent when given', () => {
    const result = buildExpressRequest(
      { ...EMPTY_EXPRESS, style: 'naturel', format: 'post', description: 'Fleuriste' },
      'fr',
    );
    expect(result).toEqual({
      ok: true,
      body: { style: 'naturel', format: 'post', description: 'Fleuriste', language: 'fr' },
    });
  });
});
