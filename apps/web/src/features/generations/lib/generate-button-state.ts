/** The generate button's states (spec section 2, Fusion page), in the order they take precedence. */
export type GenerateButtonState = 'ready' | 'starting' | 'inProgress' | 'limitReached' | 'unavailable';

export function generateButtonState(input: {
  /** The start request is on its way. */
  starting: boolean;
  /** A pending or processing generation exists: a new one is blocked. */
  active: boolean;
  /** False once the allowance is used up (from the usage, or a 402 answer). */
  canGenerate: boolean;
  /** The image service is reported down. */
  unavailable: boolean;
}): GenerateButtonState {
  if (input.starting) return 'starting';
  if (input.active) return 'inProgress';
  if (!input.canGenerate) return 'limitReached';
  if (input.unavailable) return 'unavailable';
  return 'ready';
}
