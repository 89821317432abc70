/**
 * The cut-out as it will be with the strokes drawn so far, shown at once, while drawing: the mask the
 * server paints strokes on (the view's `baseMaskUrl`) with every stroke painted on it here, by the
 * code the server runs (@vitrine/shared/cutout/brush), at the editor's size. A box not applied yet
 * needs the server (it segments the photo again): until it is applied, the server's last mask is shown.
 */
import { useEffect, useMemo, useState } from 'react';
import { sameBox, type CutoutView } from '@vitrine/shared/api/cutout';
import { applyStrokes, type BrushStroke } from '@vitrine/shared/cutout/brush';
import { alphaOf, loadImage, pixelsOf } from '../lib/canvas';
import {
  insideRuns,
  lastBox,
  STROKE_SPACING,
  strokesOf,
  thin,
  type Corrections,
  type Point,
} from '../lib/corrections';

type Size = { width: number; height: number };

/**
 * A mask image's alpha at `size`: null when there is no mask, undefined until it has loaded (or, with
 * `keepLast`, the last one loaded until then).
 */
function useAlpha(url: string | null, size: Size, keepLast = false): Uint8ClampedArray | null | undefined {
  const [loaded, setLoaded] = useState<{ url: string; alpha: Uint8ClampedArray } | null>(null);
  useEffect(() => {
    let cancelled = false;
    if (url)
      void loadImage(url).then(
        (image) => !cancelled && setLoaded({ url, alpha: alphaOf(image, size.width, size.height) }),
      );
    return () => {
      cancelled = true;
    };
  }, [url, size.width, size.height]);
  if (!url) return null;
  return keepLast || loaded?.url === url ? loaded?.alpha : undefined;
}

export type StrokeDrawing = { kind: 'keep' | 'remove'; radius: number; points: Point[] } | null;

export function useMaskPreview({
  photo,
  view,
  corrections,
  drawing,
  size,
}: {
  photo: HTMLImageElement | null;
  /** The server's cut-out as last applied. */
  view: CutoutView;
  corrections: Corrections;
  /** The stroke being drawn, if any. */
  drawing: StrokeDrawing;
  size: Size;
}): { pixels: ImageData | null; alpha: Uint8ClampedArray | null; live: boolean } {
  const pixels = useMemo(
    () => photo && pixelsOf(photo, size.width, size.height),
    [photo, size.width, size.height],
  );
  const photoPixels = useMemo(
    () => pixels && { data: pixels.data, width: pixels.width, height: pixels.height, channels: 4 },
    [pixels],
  );
  const mask = useAlpha(view.maskUrl, size, true);
  // The last base until a new one has loaded: every apply gives the base a new address, and falling
  // back to the previous mask meanwhile showed the strokes just applied as undone for a moment.
  const base = useAlpha(view.baseMaskUrl, size, true);
  const onBase = sameBox(lastBox(corrections), view.corrections?.box) && base !== undefined;

  // The strokes kept so far, painted on the base once per change of the list (undo included).
  const committed = useMemo(() => {
    if (!photoPixels || !onBase) return null;
    const alpha = base ? Uint8ClampedArray.from(base) : new Uint8ClampedArray(size.width * size.height);
    applyStrokes(alpha, photoPixels, strokesOf(corrections));
    return alpha;
  }, [photoPixels, onBase, base, corrections, size.width, size.height]);

  // The stroke being drawn, painted on a copy at each move.
  const alpha = useMemo(() => {
    if (!committed || !photoPixels || !drawing) return committed;
    const copy = committed.slice();
    // Cut to the photo and thinned as the stroke will be sent, so it does not move when the pointer lifts.
    const runs: BrushStroke[] = insideRuns(drawing.points).map((run) => ({
      ...drawing,
      points: thin(run, STROKE_SPACING),
    }));
    applyStrokes(copy, photoPixels, runs);
    return copy;
  }, [committed, photoPixels, drawing]);

  return { pixels, alpha: alpha ?? mask ?? null, live: Boolean(committed) };
}
