/** Small decorative pictures for the Fusion tiles: where the product sits, the palette, the type, the frame. */
import type { FusionPalette, FusionPosition, FusionTypography } from '@vitrine/shared/api/generation';

export function PositionVisual({ position }: { position: FusionPosition }) {
  const x = position === 'gauche' ? 9 : position === 'droite' ? 27 : 18;
  return (
    <svg viewBox="0 0 48 32" className="h-8 w-12" aria-hidden="true">
      <rect
        x="1"
        y="1"
        width="46"
        height="30"
        rx="4"
        className="fill-ink-50 stroke-ink-200"
        strokeWidth="1.5"
      />
      <rect x={x} y="9" width="12" height="17" rx="2.5" className="fill-brand-500" />
      <ellipse cx={x + 6} cy="27" rx="7" ry="1.6" className="fill-ink-200" />
    </svg>
  );
}

const PALETTE_COLOURS: Record<FusionPalette, [string, string, string]> = {
  chaude: ['#f97316', '#ef4444', '#facc15'],
  froide: ['#0ea5e9', '#6366f1', '#14b8a6'],
  pastel: ['#fbcfe8', '#bfdbfe', '#bbf7d0'],
  néon: ['#e879f9', '#22d3ee', '#a3e635'],
  noir_blanc: ['#111827', '#9ca3af', '#f9fafb'],
};

export function PaletteVisual({ palette }: { palette: FusionPalette }) {
  return (
    <span aria-hidden="true" className="flex -space-x-1.5">
      {PALETTE_COLOURS[palette].map((colour) => (
        <span
          key={colour}
          className="size-5 rounded-full ring-2 ring-white"
          style={{ backgroundColor: colour }}
        />
      ))}
    </span>
  );
}

const TYPE_CLASSES: Record<FusionTypography, string> = {
  moderne: 'font-sans font-bold',
  élégant: 'font-serif italic',
  manuscrit: "font-['Segoe_Script','Brush_Script_MT','Comic_Sans_MS',cursive]",
  tech: 'font-mono font-semibold',
};

export function TypographyVisual({ typography }: { typography: FusionTypography }) {
  return (
    <span aria-hidden="true" className={`text-2xl leading-none text-ink-900 ${TYPE_CLASSES[typography]}`}>
      Aa
    </span>
  );
}

/** A frame drawn at the format's proportions. */
export function FrameVisual({ width, height }: { width: number; height: number }) {
  const max = 30;
  const scale = max / Math.max(width, height);
  return (
    <span aria-hidden="true" className="grid h-8 place-items-center">
      <span
        className="block rounded-[3px] border-2 border-current text-ink-400 group-has-checked:text-brand-600"
        style={{ width: Math.round(width * scale), height: Math.round(height * scale) }}
      />
    </span>
  );
}
