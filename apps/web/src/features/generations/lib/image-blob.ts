/**
 * A generated image's bytes, fetched once and kept for the few images last shown: a share sheet opens
 * only while the tap that asked for it still counts, so the file is fetched as soon as the image shows
 * (`prefetchImage`), and a tap shares it only if it is already there (`readyBlob`).
 */
const KEPT = 4;
const blobs = new Map<string, Promise<Blob>>();
const ready = new Map<string, Blob>();

async function fetchBlob(url: string): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

export function imageBlob(url: string): Promise<Blob> {
  let blob = blobs.get(url);
  if (!blob) {
    const fetching = fetchBlob(url);
    fetching.then(
      (done) => blobs.get(url) === fetching && ready.set(url, done),
      // A failed fetch is not kept: the next tap tries again.
      () => blobs.get(url) === fetching && blobs.delete(url),
    );
    blobs.set(url, (blob = fetching));
    if (blobs.size > KEPT) {
      const oldest = blobs.keys().next().value!;
      blobs.delete(oldest);
      ready.delete(oldest);
    }
  }
  return blob;
}

/** The image's bytes if they have arrived, at once. */
export function readyBlob(url: string): Blob | undefined {
  return blobs.has(url) ? ready.get(url) : undefined;
}

export function prefetchImage(url: string): void {
  imageBlob(url).catch(() => undefined);
}
