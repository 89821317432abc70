/**
 * The shipped icons (Phosphor Icons, MIT, from @phosphor-icons/core: see ICONS.md): an icon's SVG
 * paths on its 256-unit grid, split into its main shape and, for two-tone icons, the lighter fill.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IconWeight } from '../../art-direction/express-imagery';

const require = createRequire(import.meta.url);

/** Every Phosphor icon is drawn on a 256 x 256 grid. */
export const ICON_GRID = 256;

export type Icon = {
  /** Paths of the icon's lines or solid shape. */
  shape: string;
  /** Paths of the two-tone fill (duotone icons only; empty otherwise). */
  fill: string;
};

const cache = new Map<string, Icon>();

export const iconId = (name: string, weight: IconWeight) =>
  weight === 'regular' ? name : `${name}-${weight}`;

export function loadIcon(name: string, weight: IconWeight): Icon {
  const id = iconId(name, weight);
  let icon = cache.get(id);
  if (!icon) {
    const file = require.resolve(`@phosphor-icons/core/assets/${weight}/${id}.svg`);
    const paths = readFileSync(file, 'utf8').match(/<path\b[^>]*\/>/g) ?? [];
    if (!paths.length) throw new Error(`icon ${id} has no paths`);
    // Two-tone icons draw their fill as paths at opacity 0.2: those are the fill, the rest the shape.
    const isFill = (path: string) => /\bopacity="0\.2"/.test(path);
    const bare = (path: string) => path.replace(/\s*opacity="[^"]*"/, '');
    icon = {
      shape: paths.filter((p) => !isFill(p)).join(''),
      fill: paths.filter(isFill).map(bare).join(''),
    };
    cache.set(id, icon);
  }
  return icon;
}
