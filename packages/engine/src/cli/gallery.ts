/**
 * Contact sheet for judging quality at a glance: real product photos taken on ordinary backgrounds
 * (samples/photos, open licences in its SOURCES.md), their cut-outs and every style on them; every
 * Fusion style x palette, every format with several products, positions and scenes, the variants of
 * one request, the framed photo, and every Express style in every format, into a folder with an
 * index.html. Scenes and the other products are drawn by the engine's samples module.
 *   npm run gallery -- [--out data/gallery]
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  EXPRESS_FORMATS,
  EXPRESS_STYLES,
  expressRequest,
  FUSION_PALETTES,
  FUSION_STYLES,
  FUSION_TYPOGRAPHIES,
  fusionRequest,
  type FusionFormat,
  type FusionPosition,
  type FusionRequestInput,
  type FusionStyle,
} from '@vitrine/shared/api/generation';
import { planExpress } from '../art-direction/express-plan';
import { saliencyModelOfServer } from './server-model';
import { planFusion, planFusionVariants } from '../art-direction/plan';
import { prepareContext, prepareProduct, type PreparedContext, type PreparedProduct } from '../local/prepare';
import { renderExpressVariant } from '../local/express/render-express';
import { renderFusionVariant } from '../local/fusion/render-fusion';
import { fromRaw, guard } from '../image/sharp';
import { productPhoto, sceneJpeg, type ProductShape, type SceneKind } from '../samples/synthetic';

const PHOTOS = path.join(import.meta.dirname, '../samples/photos');

const { values } = parseArgs({ options: { out: { type: 'string', default: 'data/gallery' } } });
const out = values.out;
const copy = { slogan: 'Le goût du vrai', tagline: 'Torréfié à Lyon depuis 1952' };

type Cell = { file: string; caption: string; ms: number };

async function save(name: string, jpeg: Buffer, caption: string, ms: number): Promise<Cell> {
  await writeFile(path.join(out, name), jpeg);
  return { file: name, caption, ms };
}

const fileName = (...parts: string[]) => `${parts.join('-')}.jpg`.replace(/\s+/g, '-');
const figure = (c: Cell) =>
  `<figure><img src="${c.file}" loading="lazy"><figcaption>${c.caption} · ${c.ms} ms</figcaption></figure>`;
const section = (title: string, cells: Cell[], columns: number) =>
  `<h2>${title}</h2><div class="grid" style="grid-template-columns:repeat(${columns},1fr)">${cells.map(figure).join('')}</div>`;

async function main(): Promise<void> {
  await mkdir(out, { recursive: true });
  const shapes: ProductShape[] = ['bottle', 'jar', 'box', 'cream', 'pouch'];
  const products = new Map<string, PreparedProduct>();
  for (const shape of shapes)
    products.set(shape, await prepareProduct(await productPhoto(shape, 'studio-grey', 2.5)));
  // A honey jar shot on a market stall, which the user chose to show whole: a framed print.
  products.set(
    'stall',
    await prepareProduct(await productPhoto('jar', 'busy', 2), {
      stored: { framed: true, reason: 'whole-photo', confidence: 1 },
    }),
  );
  const photos = (await readdir(PHOTOS)).filter((f) => /\.(jpe?g|png)$/.test(f)).sort();
  // The real photos are cut out as the server does: with the installed model, or CUTOUT_MODEL's, or none.
  const model = saliencyModelOfServer();
  for (const photo of photos)
    products.set(photo, await prepareProduct(await readFile(path.join(PHOTOS, photo)), { model }));
  const scenes = new Map<SceneKind, PreparedContext>();
  for (const kind of ['cafe', 'terrace'] as const)
    scenes.set(kind, await prepareContext(await sceneJpeg(1600, 1200, kind)));

  const render = async (
    name: string,
    caption: string,
    input: Partial<FusionRequestInput>,
    product: string,
    scene: SceneKind,
    variant = 0,
  ) => {
    const request = fusionRequest.parse({
      position: 'gauche',
      style: 'photo réaliste',
      palette: 'chaude',
      typography: 'moderne',
      format: 'carré',
      variants: 4,
      ...copy,
      ...input,
    });
    const { images, metadata } = await renderFusionVariant(
      planFusion(request, variant),
      products.get(product)!,
      scenes.get(scene)!,
    );
    return save(name, images.jpeg!, caption, metadata.timings.totalMs);
  };

  // Real photos: the photo, its cut-out on a checkerboard, then every style on it.
  const real: Cell[] = [];
  for (const [row, photo] of photos.entries()) {
    const prepared = products.get(photo)!;
    const { cutout } = prepared;
    const original = await readFile(path.join(PHOTOS, photo));
    real.push({ file: photo, caption: `${photo} (photo)`, ms: 0 });
    await writeFile(path.join(out, photo), original);
    const checker = await checkerboard(cutout.image);
    real.push(
      await save(
        fileName('cutout', photo),
        checker,
        `cut-out: ${cutout.method}${cutout.reason ? ` (${cutout.reason})` : ''}, confidence ${cutout.confidence}`,
        prepared.cutoutMs,
      ),
    );
    for (const [i, style] of FUSION_STYLES.entries()) {
      const palette = FUSION_PALETTES[(i + row) % FUSION_PALETTES.length]!;
      real.push(
        await render(
          fileName('real', photo, style),
          `${style} / ${palette}`,
          { style, palette, position: i % 2 ? 'gauche' : 'centré', typography: FUSION_TYPOGRAPHIES[i % 4]! },
          photo,
          row % 2 ? 'terrace' : 'cafe',
          i % 4,
        ),
      );
    }
    real.push(
      await render(
        fileName('real', photo, 'cyberpunk-neon'),
        'cyberpunk / néon',
        { style: 'cyberpunk', palette: 'néon', position: 'droite' },
        photo,
        'cafe',
      ),
    );
  }

  const grid: Cell[] = [];
  for (const [i, style] of FUSION_STYLES.entries()) {
    for (const palette of FUSION_PALETTES) {
      const typography = FUSION_TYPOGRAPHIES[i % FUSION_TYPOGRAPHIES.length]!;
      grid.push(
        await render(
          fileName('fusion', style, palette),
          `${style} / ${palette} / ${typography}`,
          { style, palette, typography },
          'bottle',
          'cafe',
        ),
      );
    }
  }

  // Every format, with each product, both scenes, the three positions and several styles.
  const layouts: [FusionFormat, FusionPosition, FusionStyle, ProductShape, SceneKind, number][] = [
    ['carré', 'droite', 'photo réaliste', 'pouch', 'terrace', 0],
    ['carré', 'centré', 'minimaliste', 'cream', 'cafe', 1],
    ['story', 'gauche', 'photo réaliste', 'jar', 'terrace', 0],
    ['story', 'centré', '3D mockup', 'cream', 'cafe', 2],
    ['bannière', 'droite', 'vintage', 'pouch', 'cafe', 0],
    ['bannière', 'gauche', 'cyberpunk', 'bottle', 'terrace', 3],
    ['portrait', 'centré', 'illustration', 'box', 'terrace', 0],
    ['portrait', 'droite', 'hand-drawn', 'jar', 'cafe', 1],
    ['paysage', 'gauche', '3D mockup', 'box', 'cafe', 0],
    ['paysage', 'droite', 'photo réaliste', 'cream', 'terrace', 2],
  ];
  const formats: Cell[] = [];
  for (const [format, position, style, product, scene, variant] of layouts) {
    formats.push(
      await render(
        fileName('format', format, position, product, scene),
        `${format} / ${position} / ${style} / ${product} on ${scene} / variant ${variant + 1}`,
        {
          format,
          position,
          style,
          palette: product === 'cream' ? 'pastel' : 'chaude',
          typography: 'élégant',
        },
        product,
        scene,
        variant,
      ),
    );
  }

  const variantRequest = {
    format: 'story',
    style: 'vintage',
    palette: 'chaude',
    typography: 'élégant',
  } as const;
  const variants: Cell[] = [];
  for (const plan of planFusionVariants(
    fusionRequest.parse({ ...variantRequest, position: 'gauche', ...copy, variants: 4 }),
  )) {
    variants.push(
      await render(
        `variant-${plan.variant + 1}.jpg`,
        `variant ${plan.variant + 1}`,
        variantRequest,
        'bottle',
        'cafe',
        plan.variant,
      ),
    );
  }
  const framed: Cell[] = [];
  for (const [format, position, style] of [
    ['story', 'gauche', 'photo réaliste'],
    ['carré', 'droite', 'vintage'],
    ['bannière', 'centré', 'minimaliste'],
    ['portrait', 'gauche', 'hand-drawn'],
  ] as const) {
    framed.push(
      await render(
        fileName('framed', format, position),
        `framed print (the whole photo, as chosen) / ${format} / ${position} / ${style}`,
        { format, position, style, palette: 'froide' },
        'stall',
        'cafe',
      ),
    );
  }

  const express: Cell[] = [];
  for (const format of EXPRESS_FORMATS) {
    for (const [i, style] of EXPRESS_STYLES.entries()) {
      const plan = planExpress(
        expressRequest.parse({
          style,
          format,
          description: 'Boulangerie Dupré : pains au levain & viennoiseries',
        }),
        (i + EXPRESS_FORMATS.indexOf(format)) % 4,
      );
      const { images, metadata } = await renderExpressVariant(plan);
      express.push(
        await save(
          fileName('express', format, style),
          images.jpeg!,
          `${style} / ${format} / variant ${plan.variant + 1}`,
          metadata.timings.totalMs,
        ),
      );
    }
  }

  const html = `<!doctype html><html lang="fr"><meta charset="utf-8"><title>Vitrine engine gallery</title>
<style>body{font:14px system-ui;margin:24px;background:#111;color:#eee}.grid{display:grid;gap:12px;align-items:start}
figure{margin:0}img{width:100%;display:block;border-radius:4px}figcaption{opacity:.75;margin-top:4px}</style>
<h1>Vitrine engine gallery</h1><p>Local provider, offline. The real product photos come from open-licensed sources listed in packages/engine/src/samples/photos/SOURCES.md; everything else (scenes, studio products) is drawn by the engine's samples module.</p>
${section('Real photos on ordinary backgrounds: photo, cut-out, the seven styles, cyberpunk néon', real, FUSION_STYLES.length + 3)}
${section('Fusion: style × palette (carré, gauche, syrup bottle in a café)', grid, FUSION_PALETTES.length)}
${section('Formats, positions, products and scenes (the terrace has a bright sun that text must avoid)', formats, 5)}
${section('Variants of one request (story, vintage, chaude)', variants, 4)}
${section('The whole photo as a framed print: a product photographed on a busy market stall', framed, 4)}
${EXPRESS_FORMATS.map((format) =>
  section(
    `Express: the eight styles (${format})`,
    express.filter((c) => c.file.includes(`-${format}-`)),
    format === 'banner' || format === 'post' ? 2 : 4,
  ),
).join('\n')}</html>`;
  await writeFile(path.join(out, 'index.html'), html);
  console.log(
    JSON.stringify({
      out: path.resolve(out),
      images: real.length + grid.length + formats.length + variants.length + framed.length + express.length,
    }),
  );
}

/** The cut-out over a grey checkerboard, as a JPEG for the sheet. */
async function checkerboard(image: { data: Buffer; width: number; height: number }): Promise<Buffer> {
  const { width, height } = image;
  const board = Buffer.alloc(width * height * 3);
  const cell = Math.max(8, Math.round(Math.max(width, height) / 40));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const light = (Math.floor(x / cell) + Math.floor(y / cell)) % 2 === 0;
      board.fill(light ? 232 : 200, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  return guard(
    fromRaw({ data: board, width, height, channels: 3 })
      .composite([{ input: image.data, raw: { width, height, channels: 4 } }])
      .jpeg({ quality: 88 })
      .toBuffer(),
  );
}

await main();
