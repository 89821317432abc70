/**
 * Command line for the engine: renders a request to files and prints the metadata as JSON.
 *   npm run render -- --mode fusion --product p.png --context c.jpg --position gauche --style vintage \
 *     --palette chaude --slogan "..." --tagline "..." --typo élégant --format story --variants 4 --out dir/
 *   npm run render -- --mode fusion --product p.png --scene studio-sweep ... (a ready-made scene)
 *   npm run render -- --scenes (lists the ready-made scenes)
 *   npm run render -- --mode express --style techno --format banner --description "..." \
 *     --product-name "..." --out dir/
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  EXPRESS_FORMATS,
  expressRequest,
  FUSION_FORMATS,
  fusionRequest,
} from '@vitrine/shared/api/generation';
import type { z } from 'zod';
import { parseCommandLine } from './args';
import { saliencyModelOfServer } from './server-model';
import { isEngineError } from '../errors';
import type { OutputFormat } from '../local/encode';
import { renderExpress, renderFusion } from '../local/requests';
import { findScene, sceneCatalogue } from '../local/scenes';

const USAGE = `usage: npm run render -- --mode fusion --product FILE (--context FILE | --scene ID) --position centré|gauche|droite
  --style STYLE --palette PALETTE [--slogan TEXT] [--tagline TEXT] [--view automatique|"de face"|"du dessus"]
  --typo TYPOGRAPHY --format ${FUSION_FORMATS.join('|')}
  (marketplace: the product alone on pure white, no text; --context and --scene may be left out)
  [--language fr|en] [--variants 1-4] [--png] --out DIR
       npm run render -- --mode express --style STYLE --format ${EXPRESS_FORMATS.join('|')}
  [--description TEXT] [--product-name TEXT] [--language fr|en] [--variants 1-4] [--png] --out DIR
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

type Rendered = { images: Partial<Record<OutputFormat, Buffer>>; metadata: unknown };

function invalid(error: z.ZodError): never {
  const issues = error.issues.map((issue) => `  --${issue.path.join('.')}: ${issue.message}`);
  return fail(`invalid request:\n${issues.join('\n')}\n${USAGE}`);
}

const variants = () => (values.variants === undefined ? undefined : Number(values.variants));

async function renderFromArgs(formats: OutputFormat[]): Promise<{ request: unknown; results: Rendered[] }> {
  if (values.mode === 'express') {
    const parsed = expressRequest.safeParse({
      style: values.style,
      format: values.format,
      description: values.description,
      productName: values['product-name'],
      language: values.language,
      variants: variants(),
    });
    if (!parsed.success) invalid(parsed.error);
    return { request: parsed.data, results: await renderExpress(parsed.data, formats) };
  }
  if (values.mode !== 'fusion') fail(`unknown mode "${values.mode}"\n${USAGE}`);
  // The marketplace image needs no scene (decision 059); any other format needs exactly one.
  const sceneless = values.format === 'marketplace' && !values.context && !values.scene;
  if (!values.product || (!sceneless && !values.context === !values.scene))
    fail(`--product and one of --context or --scene are required\n${USAGE}`);
  if (values.scene && !findScene(values.scene))
    fail(`unknown scene "${values.scene}" (npm run render -- --scenes lists them)`);
  const parsed = fusionRequest.safeParse({
    position: values.position,
    style: values.style,
    palette: values.palette,
    slogan: values.slogan,
    language: values.language,
    tagline: values.tagline,
    productView: values.view,
    typography: values.typo,
    format: values.format,
    variants: variants(),
  });
  if (!parsed.success) invalid(parsed.error);
  const product = await readFile(values.product);
  const scene = values.scene
    ? { scene: values.scene }
    : values.context
      ? { context: await readFile(values.context) }
      : {};
  return {
    request: parsed.data,
    // Cut out as the server does: with the installed model, or CUTOUT_MODEL's, or none.
    results: await renderFusion({
      request: parsed.data,
      product,
      ...scene,
      formats,
      cutout: { model: saliencyModelOfServer() },
    }),
  };
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
  const formats: OutputFormat[] = values.png ? ['jpeg', 'png'] : ['jpeg'];
  const { request, results } = await renderFromArgs(formats);
  await mkdir(values.out, { recursive: true });
  const outputs = [];
  for (const [index, { images, metadata }] of results.entries()) {
    const files = [];
    for (const [format, data] of Object.entries(images)) {
      const file = path.join(values.out, `${values.mode}-${index + 1}.${format === 'jpeg' ? 'jpg' : 'png'}`);
      await writeFile(file, data);
      files.push(file);
    }
    outputs.push({ files, metadata });
  }
  console.log(JSON.stringify({ mode: values.mode, request, outputs }, null, 2));
}

main().catch((error: unknown) => {
  if (isEngineError(error)) fail(JSON.stringify({ error: { code: error.code, message: error.message } }), 1);
  if (error instanceof Error && 'code' in error && error.code === 'ENOENT') fail(error.message, 2);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error), 1);
});
