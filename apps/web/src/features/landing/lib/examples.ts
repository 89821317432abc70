/** The carousel's images, made by the engine (`npm run site-images`; sources in public/examples/SOURCES.md). */
export const EXAMPLES = ['espresso', 'milk', 'barista', 'cream', 'patisserie', 'carton'] as const;
export type Example = (typeof EXAMPLES)[number];
export const EXAMPLE_WIDTHS = [360, 540, 720] as const;

export const srcSet = (name: string, type: 'avif' | 'webp', widths: readonly number[] = EXAMPLE_WIDTHS) =>
  widths.map((w) => `/examples/${name}-${w}.${type} ${w}w`).join(', ');
