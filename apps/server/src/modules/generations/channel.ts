/** The NOTIFY channel the background_generations trigger (migration 0003) announces changes on. */
export const GENERATION_CHANNEL = 'generation_events';
