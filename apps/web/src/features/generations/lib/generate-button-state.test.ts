import { describe, expect, it } from 'vitest';
import { generateButtonState } from './generate-button-state';

const idle = { starting: false, active: false, canGenerate: true, unavailable: false };

describe('generate button', () => {
  it('is ready when nothing blocks a generation', () => {
    expect(generateButtonState(idle)).toBe('ready');
  });

  it("shows 'Starting...' while the request is on its way, whatever else is true", () => {
    expect(generateButtonState({ ...idle, starting: true, active: true, canGenerate: false })).toBe(
      'starting',
    );
  });

  it("shows 'Generation in progress...' while a generation runs, even with no credit left", () => {
    expect(generateButtonState({ ...idle, active: true, canGenerate: false })).toBe('inProgress');
  });

  it("shows 'Limit reached - Upgrade to Premium' when the user cannot generate", () => {
    expect(generateButtonState({ ...idle, canGenerate: false, unavailable: true })).toBe('limitReached');
  });

  it('shows the unavailable state when the image service is down', () => {
    expect(generateButtonState({ ...idle, unavailable: true })).toBe('unavailable');
  });
});
