/**
 * Reads back, from a result's stored payload (spec section 3 names), the settings a generation was made
 * with: what "Generate again with these settings" fills the form with. A payload that does not hold a
 * valid request (a foreign or damaged record) gives null rather than half a form.
 */
import { expressRequest, fusionRequest } from '@vitrine/shared/api/generation';
import type { GenerationSettingsUsed } from '@vitrine/shared/api/generations';
import { lightChoice, type LightChoice } from '@vitrine/shared/api/light';
import { sceneIdField } from '@vitrine/shared/api/scenes';
import { UUID_PATTERN } from '@vitrine/shared/ids';

/** The ready-made scene chosen instead of a context photo (`decor`, beside the spec's fields). */
const UPLOAD_PATH = new RegExp(`^/api/uploads/(${UUID_PATTERN})/file$`, 'i');

function uploadIdOf(url: unknown): string | null {
  return typeof url === 'string' ? (UPLOAD_PATH.exec(url)?.[1]?.toLowerCase() ?? null) : null;
}

/** The option's name: the webhook writes formats as 'name WxH'. */
const formatName = (value: unknown) => (typeof value === 'string' ? value.replace(/ \d+x\d+$/, '') : value);

export function settingsUsed(data: unknown): GenerationSettingsUsed | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const d = data as Record<string, unknown>;
  if (d.mode === 'express' || d.generation_type) {
    const parsed = expressRequest.safeParse({
      style: d.style,
      format: formatName(d.format),
      ...(typeof d.description === 'string' && { description: d.description }),
      productName: d.nomProduit || undefined,
      everyFormat: d.tousFormats === true,
    });
    if (!parsed.success) return null;
    const { style, format, description, productName, everyFormat } = parsed.data;
    return {
      mode: 'express',
      style,
      format,
      everyFormat,
      description: description ?? '',
      productName: productName ?? '',
      brand: brandApplied(d),
    };
  }
  const parsed = fusionRequest.safeParse({
    position: d.positionProduit,
    style: d.styleRendu,
    palette: d.paletteCouleur,
    slogan: d.sloganPrincipal || undefined,
    tagline: d.taglineSecondaire || undefined,
    productName: d.nomProduit || undefined,
    productView: d.vueProduit || undefined,
    typography: d.styleTypo,
    format: formatName(d.formatImage),
    light: lightOf(d.lumiere),
    reflection: d.reflet === 'oui' || d.reflet === 'non' ? d.reflet : undefined,
    everyFormat: d.tousFormats === true,
  });
  if (!parsed.success) return null;
  const { position, style, palette, slogan, tagline, productName, productView, typography, format } =
    parsed.data;
  const { light, reflection, everyFormat } = parsed.data;
  return {
    mode: 'fusion',
    position,
    style,
    palette,
    slogan: slogan ?? '',
    tagline: tagline ?? '',
    productName: productName ?? '',
    productView: productView ?? 'automatique',
    typography,
    format,
    everyFormat,
    productUploadId: uploadIdOf(d.imageProduit),
    contextUploadId: uploadIdOf(d.imageContexte),
    sceneId: sceneIdField
      .nullable()
      .catch(null)
      .parse(d.decor ?? null),
    light: light ?? null,
    reflection: reflection ?? 'automatique',
    brand: brandApplied(d),
  };
}

/** The "Apply my brand" switch: off only when the payload says so (`marque: 'non'`, payload.ts). */
const brandApplied = (d: Record<string, unknown>) => d.marque !== 'non';

/** The payload's `lumiere` as the request's light; nothing (automatic) when absent or not one. */
function lightOf(value: unknown): LightChoice | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { angle, douceur, intensite } = value as Record<string, unknown>;
  const light = lightChoice.safeParse({ angle, softness: douceur, strength: intensite });
  return light.success ? light.data : undefined;
}
