/**
 * Command line for the engine: renders a request to files and prints the metadata as JSON.
 *   npm run render -- --mode fusion --product p.png --context c.jpg --position gauche --style vintage \
 *     --palette chaude --slogan "..." --tagline "..." --typo élégant --format story --variants 4 --out dir/
 *   npm run render -- --mode fusion --product p.png --scene studio-sweep ... (a ready-made scene)
 *   npm run render -- --scenes (lists the ready-made scenes)
 *   npm run render -- --mode express --style techno --format banner --description "..." \
 *     --product-name "..." --out dir/
 *   --formats all (or a list of format keys) renders each variant again in every format, into
 *   dir/<format key>/; --light angle=135,softness=0.6,strength=0.5 and --reflection on|off choose the
 *   light and shadow (Fusion); --brand brand.json applies a brand kit (cli/brand-arg.ts), Fusion and
 *   Express.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  EXPRESS_FORMATS,
  expressRequest,
  FUSION_FORMATS,
  fusionRequest,
  type ExpressFormat,
  type FusionFormat,
} from '@vitrine/shared/api/generation';
import type { z } from 'zod';
import { parseCommandLine } from './args';
import { saliencyModelOfServer } from './server-model';
import { isEngineError } from '../errors';
import type { OutputFormat } from '../local/encode';
import { renderExpress, renderFusion, renderFusionFormats } from '../local/requests';
import { lightArg, reflectionArg } from './light-arg';
import { brandArg, BrandFileError } from './brand-arg';
import type { BrandInput } from '../brand/types';
import { findScene, sceneCatalogue } from '../local/scenes';

const USAGE = `usage: npm run render -- --mode fusion --product FILE (--context FILE | --scene ID) --position centré|gauche|droite
  --style STYLE --palette PALETTE [--slogan TEXT] [--tagline TEXT] [--view automatique|"de face"|"du dessus"]
  --typo TYPOGRAPHY --format ${FUSION_FORMATS.join('|')} [--formats all|FORMAT,FORMAT...]
  (marketplace: the product alone on pure white, no text; --context and --scene may be left out)
  [--light auto|angle=0-359,softness=0-1,strength=0-1] [--reflection auto|on|off]
  [--product-name TEXT] [--language fr|en] [--variants 1-4] [--brand FILE] [--png] --out DIR
       npm run render -- --mode express --style STYLE --format ${EXPRESS_FORMATS.join('|')} [--formats all|...]
  [--description TEXT] [--product-name TEXT] [--language fr|en] [--variants 1-4] [--brand FILE] [--png] --out DIR
  --brand FILE: a brand kit, {"colours": ["#1f3a5f", ...up to 5], "logo": "logo.png" (relative to FILE),
  "typography": "élégant", "signature": "@maboutique"}
       npm run render -- --scenes   (the ready-made scenes: id, kind, view, names)`;

const { values } = parseCommandLine(
  {
    mode: { type: 'string', default: 'fusion' },
    product: { type: 'string' },
    context: { type: 'string' },
    scene: { type: 'string' },
    scenes: { type: 'boolean', default: false },
    position: { type: 'string' },
    style: { type: 'string' },
    palette: { type: 'string' },
    slogan: { type: 'string' },
    tagline: { type: 'string' },
    view: { type: 'string' },
    typo: { type: 'string' },
    description: { type: 'string' },
    'product-name': { type: 'string' },
    language: { type: 'string' },
    format: { type: 'string' },
    formats: { type: 'string' },
    light: { type: 'string' },
    reflection: { type: 'string' },
    brand: { type: 'string' },
    variants: { type: 'string' },
    png: { type: 'boolean', default: false },
    out: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  USAGE,
);

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/** An image rendered, and the format it was composed again in when --formats asked for several. */
type Rendered = { images: Partial<Record<OutputFormat, Buffer>>; metadata: unknown; format?: string };

function invalid(error: z.ZodError): never {
  const issues = error.issues.map((issue) => `  --${issue.path.join('.')}: ${issue.message}`);
  return fail(`invalid request:\n${issues.join('\n')}\n${USAGE}`);
}

const variants = () => (values.variants === undefined ? undefined : Number(values.variants));

/** --formats: every format of the mode, or the keys listed; none when absent. */
function formatsArg<T extends string>(all: readonly T[]): T[] | null {
  if (values.formats === undefined) return null;
  if (values.formats === 'all') return [...all];
  const listed = values.formats.split(',').map((format) => format.trim());
  const unknown = listed.filter((format) => !all.includes(format as T));
  if (unknown.length || !listed.length)
    fail(`--formats: unknown format "${unknown.join(', ')}" (one of: all, ${all.join(', ')})\n${USAGE}`);
  return listed as T[];
}

async function renderExpressArgs(
  output: OutputFormat[],
  brand: BrandInput | undefined,
): Promise<{ request: unknown; results: Rendered[] }> {
  const formats = formatsArg<ExpressFormat>(EXPRESS_FORMATS);
  const parsed = expressRequest.safeParse({
    style: values.style,
    format: values.format ?? formats?.[0],
    description: values.description,
    productName: values['product-name'],
    language: values.language,
    variants: variants(),
  });
  if (!parsed.success) invalid(parsed.error);
  if (!formats)
    return { request: parsed.data, results: await renderExpress(parsed.data, output, undefined, brand) };
  const results: Rendered[] = [];
  for (const format of formats)
    for (const image of await renderExpress({ ...parsed.data, format }, output, undefined, brand))
      results.push({ ...image, format });
  return { request: parsed.data, results };
}

async function renderFromArgs(output: OutputFormat[]): Promise<{ request: unknown; results: Rendered[] }> {
  const brand = await brandArg(values.brand);
  if (values.mode === 'express') return renderExpressArgs(output, brand);
  if (values.mode !== 'fusion') fail(`unknown mode "${values.mode}"\n${USAGE}`);
  // The marketplace image needs no scene (decision 059); any other format needs exactly one.
  const sceneless = values.format === 'marketplace' && !values.context && !values.scene;
  if (!values.product || (!sceneless && !values.context === !values.scene))
    fail(`--product and one of --context or --scene are required\n${USAGE}`);
  if (values.scene && !findScene(values.scene))
    fail(`unknown scene "${values.scene}" (npm run render -- --scenes lists them)`);
  const formats = formatsArg<FusionFormat>(FUSION_FORMATS);
  const parsed = fusionRequest.safeParse({
    position: values.position,
    style: values.style,
    palette: values.palette,
    slogan: values.slogan,
    language: values.language,
    tagline: values.tagline,
    productName: values['product-name'],
    productView: values.view,
    typography: values.typo,
    format: values.format ?? formats?.[0],
    variants: variants(),
    light: lightArg(values.light),
    reflection: reflectionArg(values.reflection),
  });
  if (!parsed.success) invalid(parsed.error);
  const product = await readFile(values.product);
  const scene = values.scene
    ? { scene: values.scene }
    : values.context
      ? { context: await readFile(values.context) }
      : {};
  // Cut out as the server does: with the installed model, or CUTOUT_MODEL's, or none.
  const cutout = { model: saliencyModelOfServer() };
  const request = parsed.data;
  const common = { request, product, ...scene, cutout, brand };
  if (!formats) return { request, results: await renderFusion({ ...common, formats: output }) };
  const images = await renderFusionFormats({ ...common, formats, encode: output });
  return { request, results: images.map(({ format, image }) => ({ ...image, format })) };
}

/** One line per ready-made scene: id, kind, view, French and English names. */
function listScenes(): void {
  for (const scene of sceneCatalogue())
    console.log([scene.id, scene.kind, scene.view, scene.name.fr, scene.name.en].join('\t'));
}

async function main(): Promise<void> {
  if (values.help) return void console.log(USAGE);
  if (values.scenes) return listScenes();
  if (!values.out) fail(`--out is required\n${USAGE}`);
  const output: OutputFormat[] = values.png ? ['jpeg', 'png'] : ['jpeg'];
  const { request, results } = await renderFromArgs(output);
  await mkdir(values.out, { recursive: true });
  const outputs = [];
  const seen = new Map<string, number>();
  for (const { images, metadata, format } of results) {
    // With --formats, each format's images go in a folder of their own, numbered from 1 there.
    const dir = format ? path.join(values.out, format) : values.out;
    const number = (seen.get(dir) ?? 0) + 1;
    seen.set(dir, number);
    await mkdir(dir, { recursive: true });
    const files = [];
    for (const [encoding, data] of Object.entries(images)) {
      const file = path.join(dir, `${values.mode}-${number}.${encoding === 'jpeg' ? 'jpg' : 'png'}`);
      await writeFile(file, data);
      files.push(file);
    }
    outputs.push({ ...(format && { format }), files, metadata });
  }
  console.log(JSON.stringify({ mode: values.mode, request, outputs }, null, 2));
}

main().catch((error: unknown) => {
  if (error instanceof BrandFileError) fail(error.message, 2);
  if (isEngineError(error)) fail(JSON.stringify({ error: { code: error.code, message: error.message } }), 1);
  if (error instanceof Error && 'code' in error && error.code === 'ENOENT') fail(error.message, 2);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error), 1);
});
