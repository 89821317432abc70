/**
 * Synthetic product photos with known masks, drawn as SVG and finished like a camera's file (soft
 * contact shadow on the backdrop, sensor noise): test inputs and gallery samples, no third-party images.
 * Scenes for the context photo are in ./scenes.
 */
import { fromRaw, fromSvg, toRaw, type RawImage } from '../image/sharp';
import { sensorNoise } from './texture';

export { sceneJpeg, type SceneKind } from './scenes';

/** bottle: glass syrup bottle; jar: honey jar; box: kraft carton; cream: cosmetics jar; pouch: coffee bag. */
export type ProductShape = 'bottle' | 'jar' | 'box' | 'cream' | 'pouch';
export const PRODUCT_SHAPES: readonly ProductShape[] = ['bottle', 'jar', 'box', 'cream', 'pouch'];
export type Backdrop = 'white' | 'studio-grey' | 'sand' | 'busy';

type Art = {
  /** The outline, filled: the true mask. */
  silhouette: string;
  /** Everything drawn inside the outline (clipped to it). */
  paint: string;
  /** Where the product touches the ground: for the contact shadow on the backdrop. */
  base: { cx: number; y: number; rx: number };
};

const SERIF = 'font-family="DejaVu Serif, serif"';
const SANS = 'font-family="DejaVu Sans, sans-serif"';

/** Shading across a cylinder: dark rims, a lit band left of centre. */
const cylinder = (id: string, stops: [string, string, string]) =>
  `<linearGradient id="${id}" x1="0" x2="1"><stop offset="0" stop-color="${stops[0]}"/><stop offset="0.3" stop-color="${stops[1]}"/><stop offset="0.45" stop-color="${stops[2]}"/><stop offset="0.62" stop-color="${stops[1]}"/><stop offset="1" stop-color="${stops[0]}"/></linearGradient>`;
const SHINE =
  '<linearGradient id="shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.15" stop-color="#fff" stop-opacity="0.6"/><stop offset="0.8" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>';
const LABEL_SHADE =
  '<linearGradient id="labelShade" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="0.35" stop-color="#000" stop-opacity="0"/><stop offset="0.7" stop-color="#000" stop-opacity="0.04"/><stop offset="1" stop-color="#000" stop-opacity="0.32"/></linearGradient>';
const METAL = cylinder('metal', ['#3a2c1a', '#b08d52', '#f0dca8']);

const ART: Record<ProductShape, Art> = {
  bottle: {
    silhouette:
      '<path d="M170 60 h60 v70 q60 30 60 90 v220 q0 20 -20 20 h-140 q-20 0 -20 -20 v-220 q0 -60 60 -90 z"/>',
    paint: `<defs>${cylinder('glass', ['#3c0b05', '#9a3217', '#d9663a'])}${METAL}${SHINE}${LABEL_SHADE}</defs>
      <rect width="400" height="480" fill="url(#glass)"/>
      <rect x="160" y="55" width="80" height="58" fill="url(#metal)"/>
      <rect x="160" y="104" width="80" height="5" fill="#2a1d10" opacity="0.6"/>
      <rect x="126" y="238" width="148" height="150" fill="#f4ecda"/>
      <rect x="133" y="245" width="134" height="136" fill="none" stroke="#8c6a36" stroke-width="1.5"/>
      <text x="200" y="272" font-size="13" letter-spacing="3" text-anchor="middle" ${SANS} fill="#6b4a22">MAISON</text>
      <text x="200" y="316" font-size="33" text-anchor="middle" ${SERIF} font-weight="bold" fill="#3a1a0c">Dupré</text>
      <rect x="165" y="332" width="70" height="1.5" fill="#8c6a36"/>
      <text x="200" y="358" font-size="15" font-style="italic" text-anchor="middle" ${SERIF} fill="#5a3a1c">sirop d’érable</text>
      <rect x="126" y="238" width="148" height="150" fill="url(#labelShade)"/>
      <rect x="140" y="150" width="13" height="290" rx="6" fill="url(#shine)"/>
      <rect x="262" y="190" width="5" height="230" rx="2" fill="url(#shine)" opacity="0.5"/>
      <rect x="110" y="446" width="180" height="14" fill="#000" opacity="0.25"/>`,
    base: { cx: 200, y: 460, rx: 92 },
  },
  jar: {
    silhouette:
      '<rect x="110" y="150" width="180" height="250" rx="40"/><rect x="130" y="115" width="140" height="45" rx="8"/>',
    paint: `<defs>${cylinder('honey', ['#6a3300', '#d98c12', '#f6c24a'])}${cylinder('lid', ['#1f2a1c', '#4f6a3c', '#8fae6e'])}${SHINE}${LABEL_SHADE}</defs>
      <rect width="400" height="480" fill="url(#honey)"/>
      <rect x="120" y="115" width="160" height="45" fill="url(#lid)"/>
      ${Array.from({ length: 14 }, (_, i) => `<rect x="${136 + i * 9.5}" y="118" width="2" height="38" fill="#10170e" opacity="0.35"/>`).join('')}
      <rect x="126" y="232" width="148" height="106" fill="#f6efe0"/>
      <text x="200" y="272" font-size="30" text-anchor="middle" ${SERIF} font-weight="bold" fill="#4a2a06">Miel</text>
      <text x="200" y="300" font-size="12" letter-spacing="2" text-anchor="middle" ${SANS} fill="#7a5a26">DE LAVANDE · BIO</text>
      <rect x="126" y="232" width="148" height="106" fill="url(#labelShade)"/>
      <rect x="138" y="175" width="12" height="205" rx="6" fill="url(#shine)"/>`,
    base: { cx: 200, y: 400, rx: 88 },
  },
  box: {
    silhouette: '<polygon points="90,170 250,130 320,170 320,410 160,450 90,410"/>',
    paint: `<polygon points="90,170 250,130 320,170 160,210" fill="#d8b98a"/>
      <polygon points="90,170 160,210 160,450 90,410" fill="#9c7447"/>
      <polygon points="160,210 320,170 320,410 160,450" fill="#c39a63"/>
      <polygon points="180,250 300,220 300,330 180,360" fill="#f3eadb"/>
      <text x="240" y="300" font-size="26" text-anchor="middle" ${SERIF} font-weight="bold" fill="#3c2a14" transform="rotate(-14 240 300)">Thé</text>
      <line x1="160" y1="210" x2="160" y2="450" stroke="#7d5a34" stroke-width="2"/>
      <line x1="90" y1="170" x2="160" y2="210" stroke="#f0dcb8" stroke-width="2"/>`,
    base: { cx: 205, y: 440, rx: 110 },
  },
  cream: {
    silhouette:
      '<rect x="92" y="262" width="216" height="168" rx="26"/><rect x="86" y="188" width="228" height="84" rx="14"/>',
    paint: `<defs>${cylinder('frost', ['#b9807c', '#e8b7b0', '#f7dcd6'])}${cylinder('gold', ['#5a3b1c', '#c29257', '#f5dfb2'])}${SHINE}</defs>
      <rect width="400" height="480" fill="url(#frost)"/>
      <rect x="80" y="188" width="240" height="84" fill="url(#gold)"/>
      <rect x="80" y="262" width="240" height="10" fill="#000" opacity="0.18"/>
      <text x="200" y="352" font-size="30" text-anchor="middle" ${SERIF} fill="#6a3432" letter-spacing="4">ROSE</text>
      <text x="200" y="380" font-size="11" letter-spacing="3" text-anchor="middle" ${SANS} fill="#7e4a46">CRÈME DE JOUR</text>
      <rect x="112" y="282" width="12" height="130" rx="6" fill="url(#shine)"/>
      <rect x="92" y="414" width="216" height="16" fill="#000" opacity="0.16"/>`,
    base: { cx: 200, y: 430, rx: 104 },
  },
  pouch: {
    silhouette:
      '<path d="M118 92 h164 l8 22 q14 150 4 320 q-1 16 -16 16 h-156 q-15 0 -16 -16 q-10 -170 4 -320 z"/>',
    paint: `<defs>${cylinder('kraft', ['#7b5a37', '#b08a5c', '#c9a676'])}</defs>
      <rect width="400" height="480" fill="url(#kraft)"/>
      <rect x="100" y="92" width="200" height="22" fill="#8a6840"/>
      ${Array.from({ length: 20 }, (_, i) => `<rect x="${118 + i * 8.3}" y="94" width="1.5" height="18" fill="#5e4426" opacity="0.5"/>`).join('')}
      <circle cx="200" cy="150" r="11" fill="#3a2c1e"/><circle cx="200" cy="150" r="5" fill="#6c5640"/>
      <rect x="96" y="212" width="208" height="150" fill="#1f1a17"/>
      <text x="200" y="262" font-size="13" letter-spacing="4" text-anchor="middle" ${SANS} fill="#d9b77a">TORRÉFACTION</text>
      <text x="200" y="310" font-size="40" text-anchor="middle" ${SERIF} font-weight="bold" fill="#f2e6cf">Café</text>
      <text x="200" y="340" font-size="12" letter-spacing="2" text-anchor="middle" ${SANS} fill="#d9b77a">LYON · 1952</text>
      <rect x="96" y="212" width="208" height="150" fill="url(#kraft)" opacity="0.12"/>`,
    base: { cx: 200, y: 450, rx: 96 },
  },
};

const STUDIO_SHADOW = (base: Art['base']) =>
  `<defs><filter id="soft" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="9"/></filter></defs>
  <ellipse cx="${base.cx + 10}" cy="${base.y}" rx="${base.rx * 1.25}" ry="13" fill="#000" opacity="0.1" filter="url(#soft)"/>`;

const BACKDROPS: Record<Exclude<Backdrop, 'busy'>, string> = {
  white: '<rect width="400" height="480" fill="#ffffff"/>',
  // A seamless paper sweep: lit from the top left, a little darker where it curves to the floor.
  'studio-grey':
    '<defs><radialGradient id="bg" cx="0.4" cy="0.3" r="0.85"><stop offset="0" stop-color="#f3f3f2"/><stop offset="1" stop-color="#c8c8c6"/></radialGradient><linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="0.8" stop-color="#000" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="400" height="480" fill="url(#bg)"/><rect width="400" height="480" fill="url(#sweep)"/>',
  sand: '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#efe3cf"/><stop offset="1" stop-color="#d9c6a5"/></linearGradient></defs><rect width="400" height="480" fill="url(#bg)"/>',
};

/** A market stall: a shelf of coloured jars and tins behind, a gingham cloth in front. */
function busyBackdrop(): string {
  const colours = ['#c0392b', '#2e86c1', '#f1c40f', '#27ae60', '#8e44ad', '#e67e22', '#16a085', '#d35400'];
  const shelf = (y: number, shift: number) =>
    Array.from({ length: 9 }, (_, i) => {
      const x = i * 46 - 8 + shift;
      const h = 46 + ((i * 37 + shift) % 30);
      return `<rect x="${x}" y="${y - h}" width="38" height="${h}" rx="5" fill="${colours[(i + shift) % colours.length]}"/><rect x="${x + 4}" y="${y - h + 12}" width="30" height="14" fill="#f7f1e3" opacity="0.85"/>`;
    }).join('') + `<rect x="0" y="${y}" width="400" height="10" fill="#5d3a1a"/>`;
  const checks = Array.from({ length: 14 }, (_, i) =>
    Array.from({ length: 6 }, (_, j) =>
      (i + j) % 2
        ? `<rect x="${i * 30}" y="${300 + j * 30}" width="30" height="30" fill="#b71c1c" opacity="0.85"/>`
        : '',
    ).join(''),
  ).join('');
  return `<rect width="400" height="480" fill="#ead9bd"/>${shelf(110, 0)}${shelf(230, 3)}<rect x="0" y="300" width="400" height="180" fill="#fbf5ea"/>${checks}<circle cx="60" cy="400" r="50" fill="#103040"/>`;
}

const svg = (body: string, scale = 1) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${400 * scale}" height="${480 * scale}" viewBox="0 0 400 480">${body}</svg>`;

/** The product drawn alone, clipped to its outline. */
const productArt = (shape: ProductShape) => {
  const art = ART[shape];
  return `<defs><clipPath id="outline">${art.silhouette}</clipPath></defs><g clip-path="url(#outline)">${art.paint}</g>`;
};

const backdropArt = (shape: ProductShape, backdrop: Backdrop) =>
  backdrop === 'busy' ? busyBackdrop() : BACKDROPS[backdrop] + STUDIO_SHADOW(ART[shape].base);

/** The photo as a camera gives it: the drawing, a little sensor noise. */
async function photograph(shape: ProductShape, backdrop: Backdrop, scale: number): Promise<RawImage> {
  const photo = await toRaw(
    fromSvg(svg(backdropArt(shape, backdrop) + productArt(shape), scale)).removeAlpha(),
  );
  sensorNoise(photo, 2.2, 11 + PRODUCT_SHAPES.indexOf(shape));
  return photo;
}

export type SyntheticProduct = { photo: RawImage; truth: Float32Array };

/** An opaque photo of the product on the backdrop, and the true alpha of the product. */
export async function syntheticProduct(
  shape: ProductShape,
  backdrop: Backdrop,
  scale = 1,
): Promise<SyntheticProduct> {
  const photo = await toRaw(fromRaw(await photograph(shape, backdrop, scale)).ensureAlpha());
  const maskSvg = svg(
    `<rect width="400" height="480" fill="#000"/><g fill="#fff">${ART[shape].silhouette}</g>`,
    scale,
  );
  const mask = await toRaw(fromSvg(maskSvg).greyscale().extractChannel(0));
  const truth = new Float32Array(mask.width * mask.height);
  for (let p = 0; p < truth.length; p++) truth[p] = mask.data[p]! / 255;
  return { photo, truth };
}

/** The same product with its own transparency, as a shop's PNG export would have it. */
export async function transparentProduct(shape: ProductShape): Promise<Buffer> {
  return fromSvg(svg(productArt(shape)))
    .png()
    .toBuffer();
}

/** Encoded product photo, for end-to-end renders. */
export async function productPhoto(shape: ProductShape, backdrop: Backdrop, scale = 1): Promise<Buffer> {
  return fromRaw(await photograph(shape, backdrop, scale))
    .jpeg({ quality: 92 })
    .toBuffer();
}
