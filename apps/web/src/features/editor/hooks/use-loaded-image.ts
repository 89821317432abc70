/** An image loaded for drawing on the canvas, in anonymous cross-origin mode (spec section 7). */
import { useEffect, useState } from 'react';

export type LoadedImage =
  | { status: 'none' }
  | { status: 'loading'; url: string }
  | { status: 'ready'; url: string; image: HTMLImageElement }
  | { status: 'failed'; url: string };

export function useLoadedImage(url: string | null): LoadedImage {
  const [loaded, setLoaded] = useState<LoadedImage>({ status: 'none' });
  useEffect(() => {
    if (!url) return;
    let live = true;
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.onload = () => live && setLoaded({ status: 'ready', url, image });
    image.onerror = () => live && setLoaded({ status: 'failed', url });
    image.src = url;
    return () => {
      live = false;
      image.onload = null;
      image.onerror = null;
    };
  }, [url]);
  if (!url) return { status: 'none' };
  // Until the effect has run for a new address, what is held belongs to the previous one.
  return loaded.status !== 'none' && loaded.url === url ? loaded : { status: 'loading', url };
}
