/**
 * An edited picture: its text-free plate (local/finish.ts), a logo over it, then its text layers set
 * again with the engine's own typesetting (text/layers.ts), at the plate's full resolution, encoded as
 * the render encodes its images (JPEG by default, PNG on request).
 */
import { fromEngineFile, openUntrusted, toRaw, type RawImage } from '../image/sharp';
import { encode, type OutputFormat } from './encode';
import { setLayers, type TextLayer } from './text/layers';

/** A logo: the uploaded file, its centre on the picture and its width (px); its height keeps its proportions. */
export type EditLogo = { file: Buffer; x: number; y: number; width: number };

export type EditedImage = { file: Buffer; width: number; height: number };

export async function renderEdit(
  plateJpeg: Buffer,
  layers: readonly TextLayer[],
  logo: EditLogo | null = null,
  format: OutputFormat = 'jpeg',
): Promise<EditedImage> {
  let scene = await toRaw(fromEngineFile(plateJpeg).removeAlpha().toColourspace('srgb'));
  if (logo) await drawLogo(scene, logo);
  scene = await setLayers(scene, layers);
  return { file: await encode(scene, format), width: scene.width, height: scene.height };
}

/** The logo blended over the scene by its own transparency, cut to the scene's edges. */
async function drawLogo(scene: RawImage, logo: EditLogo): Promise<void> {
  const width = Math.max(1, Math.round(logo.width));
  const art = await toRaw(openUntrusted(logo.file).resize({ width }).toColourspace('srgb').ensureAlpha());
  const left = Math.round(logo.x - art.width / 2);
  const top = Math.round(logo.y - art.height / 2);
  const { data, channels } = scene;
  for (let y = Math.max(0, -top); y < art.height && top + y < scene.height; y++) {
    for (let x = Math.max(0, -left); x < art.width && left + x < scene.width; x++) {
      const j = (y * art.width + x) * 4;
      const a = art.data[j + 3]! / 255;
      if (a === 0) continue;
      const i = ((top + y) * scene.width + left + x) * channels;
      for (let c = 0; c < 3; c++) data[i + c] = art.data[j + c]! * a + data[i + c]! * (1 - a);
    }
  }
}
