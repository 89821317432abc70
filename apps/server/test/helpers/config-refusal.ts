/** The configuration's refusal of an environment, or null when it is accepted (for tests). */
import { ConfigError, parseConfig } from '../../src/config';

export function refusalOf(env: Record<string, string>): ConfigError | null {
  try {
    parseConfig(env);
    return null;
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}
