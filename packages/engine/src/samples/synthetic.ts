/** Synthetic products with known masks, and scenes, drawn as SVG: test inputs and gallery samples, no third-party images. */
import { fromSvg, toRaw, type RawImage } from '../image/sharp';

export type ProductShape = 'bottle' | 'jar' | 'box';
export type Backdrop = 'white' | 'studio-grey' | 'sand' | 'busy';

const SHAPES: Record<ProductShape, string> = {
  bottle:
    '<path d="M170 60 h60 v70 q60 30 60 90 v220 q0 20 -20 20 h-140 q-20 0 -20 -20 v-220 q0 -60 60 -90 z"/>',
  jar: '<rect x="110" y="150" width="180" height="250" rx="40"/><rect x="130" y="115" width="140" height="45" rx="8"/>',
  box: '<polygon points="90,170 250,130 320,170 320,410 160,450 90,410"/>',
};

const BACKDROPS: Record<Exclude<Backdrop, 'busy'>, string> = {
  white: '<rect width="400" height="480" fill="#ffffff"/>',
  'studio-grey':
    '<defs><radialGradient id="bg" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="#f2f2f2"/><stop offset="1" stop-color="#c9c9c9"/></radialGradient></defs><rect width="400" height="480" fill="url(#bg)"/>',
  sand: '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#efe3cf"/><stop offset="1" stop-color="#d9c6a5"/></linearGradient></defs><rect width="400" height="480" fill="url(#bg)"/>',
};

function busyBackdrop(): string {
  const stripes = Array.from({ length: 40 }, (_, i) => {
    const hue = (i * 47) % 360;
    return `<rect x="${i * 10}" y="0" width="10" height="480" fill="hsl(${hue},70%,50%)"/>`;
  });
  return stripes.join('') + '<circle cx="60" cy="400" r="50" fill="#103040"/>';
}

/** The product's paint: a glossy gradient body with a label, so fidelity has structure to compare. */
const PAINT = `<defs><linearGradient id="body" x1="0" x2="1"><stop offset="0" stop-color="#7a1f12"/><stop offset="0.45" stop-color="#d2552f"/><stop offset="1" stop-color="#5c140b"/></linearGradient></defs>`;
const LABEL =
  '<rect x="135" y="250" width="130" height="90" fill="#f6ecd8"/><text x="200" y="305" font-size="34" text-anchor="middle" font-family="sans-serif" fill="#2a2a2a">BIO</text>';

const svg = (body: string, scale = 1) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${400 * scale}" height="${480 * scale}" viewBox="0 0 400 480">${body}</svg>`;

export type SyntheticProduct = { photo: RawImage; truth: Float32Array };

/** An opaque photo of the product on the backdrop, and the true alpha of the product. */
export async function syntheticProduct(
  shape: ProductShape,
  backdrop: Backdrop,
  scale = 1,
): Promise<SyntheticProduct> {
  const bg = backdrop === 'busy' ? busyBackdrop() : BACKDROPS[backdrop];
  const product = `${PAINT}<g fill="url(#body)">${SHAPES[shape]}</g>${LABEL}`;
  const photo = await toRaw(fromSvg(svg(bg + product, scale)).ensureAlpha());
  const maskSvg = svg(
    `<rect width="400" height="480" fill="#000"/><g fill="#fff">${SHAPES[shape]}</g>`,
    scale,
  );
  const mask = await toRaw(fromSvg(maskSvg).greyscale().extractChannel(0));
  const truth = new Float32Array(mask.width * mask.height);
  for (let p = 0; p < truth.length; p++) truth[p] = mask.data[p]! / 255;
  return { photo, truth };
}

/** The same product with its own transparency, as a shop's PNG export would have it. */
export async function transparentProduct(shape: ProductShape): Promise<Buffer> {
  return fromSvg(svg(`${PAINT}<g fill="url(#body)">${SHAPES[shape]}</g>${LABEL}`))
    .png()
    .toBuffer();
}

/** Encoded product photo, for end-to-end renders. */
export async function productPhoto(shape: ProductShape, backdrop: Backdrop, scale = 1): Promise<Buffer> {
  const bg = backdrop === 'busy' ? busyBackdrop() : BACKDROPS[backdrop];
  const body = `${bg}${PAINT}<g fill="url(#body)">${SHAPES[shape]}</g>${LABEL}`;
  return fromSvg(svg(body, scale)).jpeg({ quality: 92 }).toBuffer();
}

/** A colourful outdoor-ish scene: sky, sun, hills and a wooden table in front. */
export async function sceneJpeg(width = 1600, height = 1200): Promise<Buffer> {
  const body = `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#d9ecf7"/></linearGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a0673a"/><stop offset="1" stop-color="#6b3f1e"/></linearGradient>
  </defs>
  <rect width="1600" height="1200" fill="url(#sky)"/>
  <circle cx="1250" cy="260" r="110" fill="#ffd66b"/>
  <path d="M0 700 Q300 520 650 660 T1600 600 V1200 H0 Z" fill="#5d9b4a"/>
  <path d="M0 780 Q400 650 900 760 T1600 720 V1200 H0 Z" fill="#3f7a35"/>
  <rect x="0" y="880" width="1600" height="320" fill="url(#wood)"/>
  ${Array.from({ length: 8 }, (_, i) => `<rect x="0" y="${900 + i * 38}" width="1600" height="3" fill="#5a3417" opacity="0.5"/>`).join('')}
  <circle cx="220" cy="820" r="60" fill="#c0392b"/><circle cx="330" cy="840" r="45" fill="#e67e22"/>`;
  return fromSvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 1200" preserveAspectRatio="none">${body}</svg>`,
  )
    .jpeg({ quality: 90 })
    .toBuffer();
}
