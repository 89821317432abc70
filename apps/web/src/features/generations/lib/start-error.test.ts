import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { startErrorKind, startErrorToast } from './start-error';

describe('a generation that cannot start', () => {
  it("says 'Insufficient credits' with the server's message on 402, and flags the limit", () => {
    const error = new ApiError(402, 'INSUFFICIENT_CREDITS', 'Vous n’avez pas assez de crédits…');
    expect(startErrorToast(error)).toEqual({
      kind: 'credits',
      title: 'generate.insufficientCredits',
      description: { text: 'Vous n’avez pas assez de crédits…' },
    });
  });

  it("says 'Active generation' on 409", () => {
    const toast = startErrorToast(new ApiError(409, 'ACTIVE_GENERATION', ''));
    expect(toast.title).toBe('generate.activeGeneration');
    expect(toast.description).toEqual({ key: 'errors.ACTIVE_GENERATION' });
  });

  it("says 'API temporarily unavailable' when the image service is down", () => {
    expect(startErrorKind(new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'))).toBe('unavailable');
  });

  it('asks to sign in to generate images when the session has ended', () => {
    expect(startErrorToast(new ApiError(401, 'UNAUTHENTICATED', 'x'))).toMatchObject({
      title: 'errors.UNAUTHENTICATED',
      description: { key: 'generate.signInRequired' },
    });
  });

  it('shows the first field message when the request is refused', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Invalid', { slogan: 'Too long' });
    expect(startErrorToast(error)).toMatchObject({
      title: 'generate.startFailed',
      description: { text: 'Too long' },
    });
  });

  it('says how long to wait when too many generations were started in a short time (429)', () => {
    const message = 'Trop de générations lancées en peu de temps. Veuillez réessayer dans 6 minutes.';
    expect(startErrorToast(new ApiError(429, 'RATE_LIMITED', message))).toEqual({
      kind: 'refused',
      title: 'generate.startFailed',
      description: { text: message },
    });
  });

  it("says 'Error' / 'Unable to start the generation' when the server could not start it", () => {
    expect(startErrorToast(new ApiError(500, 'GENERATION_START_FAILED', 'x'))).toMatchObject({
      title: 'common.error',
      description: { key: 'generate.startFailed' },
    });
  });

  it("says 'Error during generation' / 'Please try again.' for anything unexpected", () => {
    expect(startErrorToast(new Error('boom'))).toMatchObject({
      kind: 'unexpected',
      title: 'generate.unexpectedTitle',
      description: { key: 'generate.unexpectedDescription' },
    });
    expect(startErrorToast(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch')).description).toEqual({
      key: 'generate.connectionError',
    });
  });
});
