/**
 * A generated image's bytes, fetched once and kept for the few images on screen: a share sheet must
 * open while the tap that asked for it still counts, so the file is fetched as soon as the image shows
 * (`prefetchImage`) rather than after the tap.
 */
const KEPT = 4;
const blobs = new Map<string, Promise<Blob>>();

async function fetchBlob(url: string): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

export function imageBlob(url: string): Promise<Blob> {
  let blob = blobs.get(url);
  if (!blob) {
    blob = fetchBlob(url);
    // A failed fetch is not kept: the next tap tries again.
    blob.catch(() => blobs.delete(url));
    blobs.set(url, blob);
    if (blobs.size > KEPT) blobs.delete(blobs.keys().next().value!);
  }
  return blob;
}

export function prefetchImage(url: string): void {
  imageBlob(url).catch(() => undefined);
}
