/**
 * Contact sheet for judging quality at a glance: every Fusion style x palette, the variants of one
 * request, the framed-photo fallback, and every Express style, rendered from the engine's own
 * synthetic samples (no third-party images) into a folder with an index.html.
 *   npm run gallery -- [--out data/gallery]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  EXPRESS_STYLES,
  expressRequest,
  FUSION_PALETTES,
  FUSION_STYLES,
  FUSION_TYPOGRAPHIES,
  fusionRequest,
} from '@vitrine/shared/api/generation';
import { planFusion, planFusionVariants } from '../art-direction/plan';
import { planExpress } from '../art-direction/express-plan';
import { renderExpressVariant } from '../local/render-express';
import { prepareContext, prepareProduct } from '../local/prepare';
import { renderFusionVariant } from '../local/render-fusion';
import { productPhoto, sceneJpeg } from '../samples/synthetic';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'data/gallery' } } });
const out = values.out;
const slogan = 'Le goût du vrai';
const tagline = 'Torréfié à Lyon depuis 1952';

type Cell = { file: string; caption: string; ms: number };

async function save(name: string, jpeg: Buffer, caption: string, ms: number): Promise<Cell> {
  await writeFile(path.join(out, name), jpeg);
  return { file: name, caption, ms };
}

const figure = (c: Cell) =>
  `<figure><img src="${c.file}" loading="lazy"><figcaption>${c.caption} · ${c.ms} ms</figcaption></figure>`;
const section = (title: string, cells: Cell[], columns: number) =>
  `<h2>${title}</h2><div class="grid" style="grid-template-columns:repeat(${columns},1fr)">${cells.map(figure).join('')}</div>`;

async function main(): Promise<void> {
  await mkdir(out, { recursive: true });
  const [studio, busy, context] = await Promise.all([
    productPhoto('bottle', 'studio-grey', 2.5).then(prepareProduct),
    productPhoto('jar', 'busy', 2).then(prepareProduct),
    sceneJpeg().then(prepareContext),
  ]);
  const base = { position: 'gauche', slogan, tagline, format: 'carré', variants: 1 } as const;

  const grid: Cell[] = [];
  for (const [i, style] of FUSION_STYLES.entries()) {
    for (const palette of FUSION_PALETTES) {
      const typography = FUSION_TYPOGRAPHIES[i % FUSION_TYPOGRAPHIES.length]!;
      const plan = planFusion(fusionRequest.parse({ ...base, style, palette, typography }), 0);
      const { images, metadata } = await renderFusionVariant(plan, studio, context);
      const name = `fusion-${style}-${palette}.jpg`.replace(/\s+/g, '-');
      grid.push(
        await save(name, images.jpeg!, `${style} / ${palette} / ${typography}`, metadata.timings.totalMs),
      );
    }
  }

  const variantRequest = fusionRequest.parse({
    ...base,
    format: 'story',
    style: 'vintage',
    palette: 'chaude',
    typography: 'élégant',
  });
  const variants: Cell[] = [];
  for (const plan of planFusionVariants({ ...variantRequest, variants: 4 })) {
    const { images, metadata } = await renderFusionVariant(plan, studio, context);
    variants.push(
      await save(
        `variant-${plan.variant + 1}.jpg`,
        images.jpeg!,
        `variant ${plan.variant + 1}`,
        metadata.timings.totalMs,
      ),
    );
  }
  const framedPlan = planFusion({ ...variantRequest, style: 'photo réaliste', palette: 'froide' }, 0);
  const framed = await renderFusionVariant(framedPlan, busy, context);
  variants.push(
    await save(
      'framed.jpg',
      framed.images.jpeg!,
      `framed photo (${framed.metadata.cutout.reason})`,
      framed.metadata.timings.totalMs,
    ),
  );

  const express: Cell[] = [];
  for (const style of EXPRESS_STYLES) {
    const plan = planExpress(
      expressRequest.parse({
        style,
        format: 'square',
        description: 'Boulangerie Dupré : pains au levain & viennoiseries',
      }),
      0,
    );
    const { images, metadata } = await renderExpressVariant(plan);
    express.push(await save(`express-${style}.jpg`, images.jpeg!, style, metadata.timings.totalMs));
  }

  const html = `<!doctype html><html lang="fr"><meta charset="utf-8"><title>Vitrine engine gallery</title>
<style>body{font:14px system-ui;margin:24px;background:#111;color:#eee}.grid{display:grid;gap:12px}
figure{margin:0}img{width:100%;display:block;border-radius:4px}figcaption{opacity:.75;margin-top:4px}</style>
<h1>Vitrine engine gallery</h1><p>Local provider, offline. Samples are synthetic (drawn by the engine's samples module).</p>
${section('Fusion: style × palette (carré, gauche)', grid, FUSION_PALETTES.length)}
${section('Variants of one request (story, vintage, chaude) and the framed-photo fallback', variants, 5)}
${section('Express styles (square)', express, 4)}</html>`;
  await writeFile(path.join(out, 'index.html'), html);
  console.log(
    JSON.stringify({ out: path.resolve(out), images: grid.length + variants.length + express.length }),
  );
}

await main();
