/**
 * The same requests and seeds give the same images, byte for byte: a moved or reorganised render must
 * not change a pixel. Every Fusion style (palettes, typographies, formats, positions and shots rotating,
 * on the render fixtures' products: studio, segmented and framed), a product still being cut out, every
 * Express style, and both on a scene a model drew, each hashed (the JPEG, and the metadata without its
 * timings). The expected hashes are in render-hashes.json. After an intended change of the images,
 * refresh them in one command and commit the file with the change:
 *   npx vitest run packages/engine/src/local/render-hashes.test.ts -u
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EXPRESS_FORMATS,
  EXPRESS_STYLES,
  expressRequest,
  FUSION_FORMATS,
  FUSION_PALETTES,
  FUSION_POSITIONS,
  FUSION_STYLES,
  FUSION_TYPOGRAPHIES,
  type FusionRequestInput,
} from '@vitrine/shared/api/generation';
import { planExpress } from '../art-direction/express-plan';
import { planFusion } from '../art-direction/plan';
import { baseRequest, renderInputs } from '../test-utils/render-fixtures';
import { renderExpressOnScene } from './express/model-scene';
import { renderFusionOnScene } from './fusion/model-scene';
import { renderExpressVariant } from './express/render-express';
import { renderFusionVariant } from './fusion/render-fusion';

let inputs: Awaited<ReturnType<typeof renderInputs>>;
beforeAll(async () => {
  inputs = await renderInputs();
}, 60_000);

const sha = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex').slice(0, 16);

type Rendered = { images: { jpeg?: Buffer }; metadata: { timings: unknown } };
const hashOf = ({ images, metadata }: Rendered) => {
  const { timings: _timings, ...rest } = metadata;
  return `${sha(images.jpeg!)} ${sha(JSON.stringify(rest))}`;
};

const TEXTS: Partial<FusionRequestInput>[] = [
  {
    slogan: 'Savon d’Alep artisanal',
    tagline: 'Huile d’olive et de laurier — fabriqué à la main, livré en 48 h',
  },
  { slogan: 'Le goût du vrai !' },
  { slogan: 'Fresh bread every morning', tagline: 'Sourdough and coffee from 7 am', language: 'en' },
  {},
];
const DESCRIPTIONS = [
  'Boulangerie du Marché : pains au levain, viennoiseries et café dès 7 h',
  'Garage Dupont, réparation et entretien toutes marques',
  'Yoga studio with morning classes and meditation',
  '',
];

/**
 * The formats the recorded requests rotate through: the first five Fusion and four Express formats, so
 * that formats added later (tested on their own) do not change which request each recorded hash is of.
 */
const HASHED_FUSION_FORMATS = FUSION_FORMATS.slice(0, 5);
const HASHED_EXPRESS_FORMATS = EXPRESS_FORMATS.slice(0, 4);

/** Request k of style i: the other choices rotate so that every one of them is met. */
const fusionCase = (i: number, k: number) =>
  baseRequest({
    style: FUSION_STYLES[i],
    palette: FUSION_PALETTES[(i + k) % FUSION_PALETTES.length],
    typography: FUSION_TYPOGRAPHIES[(i + 2 * k) % FUSION_TYPOGRAPHIES.length],
    format: HASHED_FUSION_FORMATS[(i + 3 * k) % HASHED_FUSION_FORMATS.length],
    position: FUSION_POSITIONS[(i + k) % FUSION_POSITIONS.length],
    variants: 4,
    ...TEXTS[(i + k) % TEXTS.length],
  });

const expressCase = (i: number) =>
  expressRequest.parse({
    style: EXPRESS_STYLES[i],
    format: HASHED_EXPRESS_FORMATS[i % HASHED_EXPRESS_FORMATS.length],
    description: DESCRIPTIONS[i % DESCRIPTIONS.length],
    variants: 4,
  });

describe('the same request gives the same image', () => {
  it('Fusion, Express and scenes a model drew: byte-identical to the recorded hashes', async () => {
    const hashes: Record<string, string> = {};
    const products = [
      ['studio', inputs.studio],
      ['segmented', inputs.busy],
      ['framed', inputs.framed],
    ] as const;
    for (const [name, product] of products) {
      hashes[`cut-out ${name}`] = `${sha(product.cutout.image.data)} ${product.cutout.confidence}`;
    }
    for (let i = 0; i < FUSION_STYLES.length; i++) {
      for (let k = 0; k < 2; k++) {
        const request = fusionCase(i, k);
        const [name, product] = products[(i + k) % products.length]!;
        const variant = (i + k) % 4;
        const key = `fusion ${request.style}, ${request.palette}, ${request.typography}, ${request.format}, ${request.position}, variant ${variant}, ${name}`;
        hashes[key] = hashOf(
          await renderFusionVariant(planFusion(request, variant), product, inputs.context),
        );
      }
    }
    // A product still being cut out when the variant starts.
    const pending = planFusion(fusionCase(3, 1), 2);
    hashes['fusion, product cut out meanwhile'] = hashOf(
      await renderFusionVariant(pending, Promise.resolve(inputs.studio), inputs.context),
    );
    hashes['fusion on a model scene'] = hashOf(
      await renderFusionOnScene(planFusion(fusionCase(2, 0), 1), inputs.studio, inputs.context),
    );
    for (let i = 0; i < EXPRESS_STYLES.length; i++) {
      const request = expressCase(i);
      const variant = i % 4;
      hashes[`express ${request.style}, ${request.format}, variant ${variant}`] = hashOf(
        await renderExpressVariant(planExpress(request, variant)),
      );
    }
    hashes['express on a model scene'] = hashOf(
      await renderExpressOnScene(planExpress(expressCase(2), 1), inputs.context),
    );
    await expect(`${JSON.stringify(hashes, null, 2)}\n`).toMatchFileSnapshot('./render-hashes.json');
  }, 180_000);
});
