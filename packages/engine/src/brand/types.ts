/**
 * A shop's brand kit as the engine applies it to a generation: its colours become the image's palette,
 * its logo sits in a free corner inside the safe area, its signature line is set small. The server reads
 * it from the account's brand kit; the CLI from `--brand brand.json`.
 */
import type { FusionTypography } from '@vitrine/shared/api/generation';

export type BrandInput = {
  /** One to five colours, '#rrggbb'. */
  colours: readonly string[];
  /** The logo's bytes (PNG, JPEG or WebP), decoded and checked by the engine like any upload. */
  logo?: Buffer | null;
  /** The typography the brand prefers; absent, the request's. */
  typography?: FusionTypography | null;
  /** A website, a handle or a phone number, set small on the image. */
  signature?: string | null;
};
