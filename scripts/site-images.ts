/**
 * The landing page's pictures, made by the engine from the open-licensed product photos in
 * packages/engine/src/samples/photos (licences in its SOURCES.md): six example images for the carousel,
 * the frames of the demo (photo, cut-out, four variants, the result with a logo) and the Open Graph
 * image, written as AVIF and WebP at a few widths into apps/web/public.
 *   npm run site-images
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { CutoutCorrections } from '@vitrine/shared/api/cutout';
import { fusionRequest, type FusionRequestInput } from '@vitrine/shared/api/generation';
import { analyseProduct } from '../packages/engine/src/cutout/analyse';
import type { StoredCutout } from '../packages/engine/src/cutout/run';
import { planFusion } from '../packages/engine/src/art-direction/plan';
import { prepareContext, prepareProduct, type PreparedProduct } from '../packages/engine/src/local/prepare';
import { renderFusionVariant } from '../packages/engine/src/local/fusion/render-fusion';
import { sceneJpeg, type SceneKind } from '../packages/engine/src/samples/synthetic';

const ROOT = path.resolve(import.meta.dirname, '..');
const PHOTOS = path.join(ROOT, 'packages/engine/src/samples/photos');
const PUBLIC = path.join(ROOT, 'apps/web/public');
const EXAMPLES = path.join(PUBLIC, 'examples');
const DEMO = path.join(EXAMPLES, 'demo');

type Example = {
  name: string;
  photo: string;
  scene: SceneKind;
  variant: number;
  request: Partial<FusionRequestInput>;
  /** The check-and-correct step, done as a user does it on the Fusion page, when the automatic cut-out needs it. */
  corrections?: CutoutCorrections;
};

/** Six styles and palettes over four formats; slogans that read the same in French and in English. */
export const EXAMPLES_LIST: Example[] = [
  {
    name: 'espresso',
    photo: 'coffee-cup.png',
    scene: 'cafe',
    variant: 0,
    request: {
      style: 'photo réaliste',
      palette: 'chaude',
      typography: 'élégant',
      format: 'carré',
      slogan: 'Espresso',
      tagline: '100 % Arabica',
    },
  },
  {
    name: 'brunch',
    photo: 'carton-shelf.jpg',
    scene: 'cafe',
    variant: 0,
    request: {
      style: 'photo réaliste',
      palette: 'chaude',
      typography: 'élégant',
      format: 'paysage',
      slogan: 'Brunch',
    },
  },
  {
    name: 'barista',
    photo: 'coffee-cup.png',
    scene: 'terrace',
    variant: 1,
    request: { style: 'cyberpunk', palette: 'néon', typography: 'tech', format: 'carré', slogan: 'Barista' },
  },
  {
    name: 'milk',
    photo: 'milk-bottle-desk.jpg',
    scene: 'cafe',
    variant: 0,
    request: {
      style: 'photo réaliste',
      palette: 'froide',
      typography: 'moderne',
      format: 'story',
      slogan: 'Fresh Milk',
      tagline: 'Every morning',
    },
  },
  {
    name: 'cream',
    photo: 'cream-carton-counter.jpg',
    scene: 'cafe',
    variant: 3,
    // The carton's white base on a white counter is left out by the automatic cut-out: a box around the
    // carton and one "keep" stroke along its base bring it back (499 x 665 photo, in fractions of it).
    corrections: {
      box: { x: 145 / 499, y: 100 / 665, width: 215 / 499, height: 450 / 665 },
      strokes: [
        {
          kind: 'keep',
          radius: 0.02,
          points: [
            [190 / 499, 430 / 665],
            [192 / 499, 465 / 665],
            [205 / 499, 495 / 665],
            [232 / 499, 512 / 665],
          ],
        },
      ],
    },
    request: {
      style: '3D mockup',
      palette: 'froide',
      typography: 'élégant',
      format: 'carré',
      slogan: 'Crème de la crème',
    },
  },
  {
    name: 'latte',
    photo: 'coffee-cup.png',
    scene: 'cafe',
    variant: 2,
    request: {
      style: 'hand-drawn',
      palette: 'chaude',
      typography: 'manuscrit',
      format: 'portrait',
      slogan: 'Latte Art',
    },
  },
];

const WIDTHS = [360, 540, 720];

async function responsive(image: Buffer, dir: string, name: string, widths: number[]) {
  for (const width of widths) {
    const resized = sharp(image).resize({ width, withoutEnlargement: true });
    await writeFile(
      path.join(dir, `${name}-${width}.avif`),
      await resized.clone().avif({ quality: 50, effort: 6 }).toBuffer(),
    );
    await writeFile(
      path.join(dir, `${name}-${width}.webp`),
      await resized.clone().webp({ quality: 72 }).toBuffer(),
    );
  }
}

const products = new Map<string, PreparedProduct>();
/** The product cut out as the server would: automatically, or with the user's corrections stored. */
async function product(photo: string, corrections?: CutoutCorrections) {
  const key = `${photo} ${JSON.stringify(corrections ?? null)}`;
  let prepared = products.get(key);
  if (!prepared) {
    const bytes = await readFile(path.join(PHOTOS, photo));
    let stored: StoredCutout | null = null;
    if (corrections) {
      const { mask, maskPng } = await analyseProduct(bytes, { corrections });
      if (mask.framed || !maskPng) throw new Error(`${photo}: the corrected cut-out is the whole photo`);
      stored = { framed: false, maskPng, method: 'corrected', confidence: mask.confidence };
    }
    prepared = await prepareProduct(bytes, { stored });
    products.set(key, prepared);
  }
  return prepared;
}

async function render(example: Example) {
  const request = fusionRequest.parse({ position: 'centré', variants: 4, ...example.request });
  const context = await prepareContext(await sceneJpeg(1600, 1200, example.scene));
  const { images, metadata } = await renderFusionVariant(
    planFusion(request, example.variant),
    await product(example.photo, example.corrections),
    context,
  );
  return { jpeg: images.jpeg!, ms: metadata.timings.totalMs };
}

/** The cut-out over a light checkerboard, as the app shows it. */
async function checkerboard(image: { data: Buffer; width: number; height: number }): Promise<Buffer> {
  const { width, height } = image;
  const board = Buffer.alloc(width * height * 3);
  const cell = Math.max(8, Math.round(Math.max(width, height) / 40));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const light = (Math.floor(x / cell) + Math.floor(y / cell)) % 2 === 0;
      board.fill(light ? 240 : 214, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  return sharp(board, { raw: { width, height, channels: 3 } })
    .composite([{ input: image.data, raw: { width, height, channels: 4 } }])
    .png()
    .toBuffer();
}

/** A shop's logo as the editor places it: a round badge, top right corner. */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
  <circle cx="120" cy="120" r="112" fill="#1e1b4b" stroke="#fbbf24" stroke-width="8"/>
  <text x="120" y="112" text-anchor="middle" font-family="Georgia, serif" font-size="44" font-weight="700" fill="#fbbf24">CAFÉ</text>
  <text x="120" y="156" text-anchor="middle" font-family="Georgia, serif" font-size="30" fill="#ffffff">Lumière</text>
</svg>`;

/** The Open Graph image: the product name beside one of the examples. */
async function openGraph(example: Buffer) {
  const panel = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="0.6" stop-color="#4338ca"/><stop offset="1" stop-color="#6366f1"/></linearGradient></defs>
    <rect width="1200" height="630" fill="url(#g)"/>
    <text x="70" y="250" font-family="Inter, Arial, sans-serif" font-size="92" font-weight="800" fill="#ffffff">Vitrine</text>
    <text x="72" y="330" font-family="Inter, Arial, sans-serif" font-size="30" font-weight="500" fill="#e0e7ff">Product photo → promotional image</text>
    <text x="72" y="374" font-family="Inter, Arial, sans-serif" font-size="30" font-weight="500" fill="#e0e7ff">Photo produit → visuel promotionnel</text>
    <rect x="72" y="440" width="330" height="64" rx="32" fill="#fbbf24"/>
    <text x="237" y="482" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="28" font-weight="700" fill="#141833">Français · English</text>
  </svg>`;
  const photo = await sharp(example).resize(510, 510).toBuffer();
  const mask = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="510" height="510"><rect width="510" height="510" rx="28"/></svg>',
  );
  const rounded = await sharp(photo)
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
  await sharp(Buffer.from(panel))
    .composite([{ input: rounded, left: 630, top: 60 }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(path.join(PUBLIC, 'og-image.jpg'));
}

async function demo() {
  const photo = 'coffee-cup.png';
  const base = { ...EXAMPLES_LIST[0]!.request, position: 'centré', format: 'carré', variants: 4 } as const;
  const request = fusionRequest.parse(base);
  const prepared = await product(photo);
  await responsive(await readFile(path.join(PHOTOS, photo)), DEMO, 'photo', [480]);
  await responsive(await checkerboard(prepared.cutout.image), DEMO, 'cutout', [480]);
  const context = await prepareContext(await sceneJpeg(1600, 1200, 'cafe'));
  const variants: Buffer[] = [];
  for (let variant = 0; variant < 4; variant++) {
    const { images } = await renderFusionVariant(planFusion(request, variant), prepared, context);
    variants.push(images.jpeg!);
  }
  // The four variants side by side, as the result panel shows them.
  const tiles = await Promise.all(variants.map((v) => sharp(v).resize(470, 470).toBuffer()));
  const grid = await sharp({ create: { width: 960, height: 960, channels: 3, background: '#ffffff' } })
    .composite(tiles.map((input, i) => ({ input, left: (i % 2) * 490, top: Math.floor(i / 2) * 490 })))
    .png()
    .toBuffer();
  await responsive(grid, DEMO, 'variants', [480]);
  // The first variant with the shop's logo added in the editor, in the bottom right corner (logo size
  // 60 %: 18 % of the width), clear of the slogan.
  const logo = await sharp(Buffer.from(LOGO)).resize(194, 194).png().toBuffer();
  const edited = await sharp(variants[0]!)
    .composite([{ input: logo, left: 1080 - 194 - 48, top: 1080 - 194 - 48 }])
    .png()
    .toBuffer();
  await responsive(edited, DEMO, 'edited', [480]);
}

async function main() {
  const only = process.argv.includes('--candidates');
  // The images are made again; SOURCES.md stays.
  await rm(DEMO, { recursive: true, force: true });
  await mkdir(DEMO, { recursive: true });
  for (const file of await readdir(EXAMPLES))
    if (/\.(avif|webp|jpg)$/.test(file)) await rm(path.join(EXAMPLES, file));
  for (const example of EXAMPLES_LIST) {
    const { jpeg, ms } = await render(example);
    const { width, height } = await sharp(jpeg).metadata();
    console.log(`${example.name}: ${width}x${height}, ${ms} ms`);
    if (only) await writeFile(path.join(EXAMPLES, `${example.name}.jpg`), jpeg);
    else await responsive(jpeg, EXAMPLES, example.name, WIDTHS);
    if (example.name === 'espresso' && !only) await openGraph(jpeg);
  }
  if (!only) await demo();
}

await main();
