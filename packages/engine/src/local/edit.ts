/**
 * An edited picture: its text-free plate (local/finish.ts), a logo over it, then its text layers set
 * again with the engine's own typesetting (text/layers.ts), at the plate's full resolution, encoded as
 * the render encodes its images (JPEG by default, PNG on request).
 */
import { drawOver } from './draw/overlay';
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

/** The logo blended over the scene by its own transparency, cut to the scene's edges (drawOver). */
async function drawLogo(scene: RawImage, logo: EditLogo): Promise<void> {
  const width = Math.max(1, Math.round(logo.width));
  const art = await toRaw(openUntrusted(logo.file).resize({ width }).toColourspace('srgb').ensureAlpha());
  drawOver(scene, art, Math.round(logo.x - art.width / 2), Math.round(logo.y - art.height / 2));
}
