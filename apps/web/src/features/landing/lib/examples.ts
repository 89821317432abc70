/**
 * The carousel's images, made by the engine (`npm run site-images`; sources in public/examples/SOURCES.md),
 * with the format each was made in (its size in pixels at full size).
 */
export const EXAMPLES = [
  { name: 'espresso', width: 1080, height: 1080 },
  { name: 'brunch', width: 1440, height: 1080 },
  { name: 'barista', width: 1080, height: 1080 },
  { name: 'milk', width: 1080, height: 1920 },
  { name: 'cream', width: 1080, height: 1080 },
  { name: 'latte', width: 1080, height: 1440 },
] as const;
export type Example = (typeof EXAMPLES)[number];
export const EXAMPLE_WIDTHS = [360, 540, 720] as const;

export const srcSet = (name: string, type: 'avif' | 'webp', widths: readonly number[] = EXAMPLE_WIDTHS) =>
  widths.map((w) => `/examples/${name}-${w}.${type} ${w}w`).join(', ');
