import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { clampZoom, scrollKeeping } from '../lib/photo-zoom';

type Point = { x: number; y: number };

/**
 * Zoom and pan of the photo being corrected. The photo is drawn `zoom` times wider inside a scrolling
 * viewport (a mouse or a trackpad scrolls it as any box). On a touch screen one finger draws and two
 * fingers pinch to zoom and move the photo: the pointer handlers say when a pointer belongs to such a
 * gesture, which the drawing then ignores.
 */
export function usePhotoZoom() {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [zoom, setZoomState] = useState(1);
  // Several moves of a pinch can come before the next render: each starts from the latest zoom.
  const latest = useRef(1);
  const touches = useRef(new Map<number, Point>());
  const gesture = useRef(false);
  const pendingScroll = useRef<{ left: number; top: number } | null>(null);

  // The new scroll position is set once the photo has its new size.
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const scroll = pendingScroll.current;
    if (!viewport || !scroll) return;
    pendingScroll.current = null;
    viewport.scrollLeft = scroll.left;
    viewport.scrollTop = scroll.top;
  }, [zoom]);

  /** `anchor`: a point of the screen that stays on the same spot of the photo; the centre by default. */
  function zoomTo(next: number, anchor?: Point) {
    const viewport = viewportRef.current;
    const from = latest.current;
    const to = clampZoom(next);
    if (!viewport || to === from) return;
    const box = viewport.getBoundingClientRect();
    const at = anchor
      ? { x: anchor.x - box.left, y: anchor.y - box.top }
      : { x: box.width / 2, y: box.height / 2 };
    pendingScroll.current = scrollKeeping(
      pendingScroll.current ?? { left: viewport.scrollLeft, top: viewport.scrollTop },
      at,
      from,
      to,
    );
    latest.current = to;
    setZoomState(to);
  }

  /** True when this pointer starts a two-finger gesture (the stroke under way is to be dropped). */
  function pointerDown(event: PointerEvent): boolean {
    if (event.pointerType !== 'touch') return false;
    touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (touches.current.size === 2) gesture.current = true;
    return gesture.current;
  }

  /** True when the pointer belongs to a gesture, which it moves on. */
  function pointerMove(event: PointerEvent): boolean {
    const before = touches.current.get(event.pointerId);
    if (!gesture.current || !before) return gesture.current;
    const now = { x: event.clientX, y: event.clientY };
    touches.current.set(event.pointerId, now);
    const other = [...touches.current.entries()].find(([id]) => id !== event.pointerId)?.[1];
    const viewport = viewportRef.current;
    if (!other || !viewport) return true;
    // The fingers' middle moving pans; their spread changing zooms around that middle.
    const middleBefore = { x: (before.x + other.x) / 2, y: (before.y + other.y) / 2 };
    const middle = { x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 };
    viewport.scrollLeft -= middle.x - middleBefore.x;
    viewport.scrollTop -= middle.y - middleBefore.y;
    const spreadBefore = Math.hypot(before.x - other.x, before.y - other.y);
    const spread = Math.hypot(now.x - other.x, now.y - other.y);
    if (spreadBefore > 0 && Math.abs(spread - spreadBefore) > 0.5)
      zoomTo(latest.current * (spread / spreadBefore), middle);
    return true;
  }

  /** True when the pointer was part of a gesture; the gesture ends once every finger is lifted. */
  function pointerUp(event: PointerEvent): boolean {
    const wasGesture = gesture.current;
    touches.current.delete(event.pointerId);
    if (touches.current.size === 0) gesture.current = false;
    return wasGesture;
  }

  return { viewportRef, zoom, zoomTo, pointerDown, pointerMove, pointerUp };
}
