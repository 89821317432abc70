/**
 * Context photos for the samples, built like a photograph with a shallow depth of field: a background
 * drawn as SVG and thrown out of focus, a table top in focus with its grain, window light, bokeh,
 * lens vignette and sensor noise.
 *   cafe: a café interior, window on the left, shelves and pendant lamps, a wooden table.
 *   terrace: a street terrace in the sun (a bright sun and sky, the hardest place for text), a marble table.
 */
import { fromRaw, fromSvg, guard, toRaw, type RawImage } from '../image/sharp';
import { lensVignette, modulate, sensorNoise, valueNoise } from './texture';

export type SceneKind = 'cafe' | 'terrace';

/** All drawings use a 1600x1200 view box, stretched to the size asked. */
const view = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 1200" preserveAspectRatio="none">${body}</svg>`;

type Recipe = {
  /** Out of focus: everything behind the table. */
  far: string;
  /** In focus: the table top, drawn with transparency above it. */
  near: string;
  /** Where the table top begins, as a share of the height. */
  tableTop: number;
  /** Soft light added on top (screen), e.g. bokeh and window light on the table. */
  glow: string;
  /** Grain of the table top: smooth noise `across` cells wide and `down` cells per 100 px high. */
  grain: { across: number; down: number; amount: number };
};

const CAFE: Recipe = {
  tableTop: 0.62,
  far: `<defs>
      <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cdb597"/><stop offset="1" stop-color="#8d7256"/></linearGradient>
      <linearGradient id="day" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f8fb"/><stop offset="1" stop-color="#dfe9e6"/></linearGradient>
    </defs>
    <rect width="1600" height="1200" fill="url(#wall)"/>
    <rect x="60" y="30" width="560" height="640" fill="url(#day)"/>
    <path d="M60 520 Q180 430 300 500 T620 470 V670 H60 Z" fill="#9fbf8a"/>
    <path d="M60 600 Q260 540 420 600 T620 580 V670 H60 Z" fill="#7a9c6a"/>
    <rect x="60" y="30" width="560" height="640" fill="none" stroke="#4b3a2c" stroke-width="26"/>
    <rect x="327" y="30" width="22" height="640" fill="#4b3a2c"/>
    <rect x="60" y="340" width="560" height="20" fill="#4b3a2c"/>
    <rect x="940" y="250" width="620" height="16" fill="#5b3f27"/>
    <rect x="940" y="470" width="620" height="16" fill="#5b3f27"/>
    ${[
      [970, 150, 70, 100, '#f2efe8'],
      [1060, 170, 60, 80, '#c9793a'],
      [1140, 130, 80, 120, '#e9e2d2'],
      [1240, 160, 60, 90, '#6d8f58'],
      [1320, 140, 90, 110, '#b84f33'],
      [1430, 165, 70, 85, '#efe9dc'],
      [990, 380, 100, 90, '#d9a441'],
      [1120, 360, 60, 110, '#f3efe6'],
      [1210, 390, 120, 80, '#7f5a3a'],
      [1360, 370, 70, 100, '#e8e3d8'],
      [1460, 385, 80, 85, '#9a3d2a'],
    ]
      .map(([x, y, w, h, c]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${c}"/>`)
      .join('')}
    <path d="M700 760 Q640 560 760 420 Q800 560 770 760 Z" fill="#4f7a3f"/>
    <path d="M760 760 Q800 520 900 470 Q880 620 800 760 Z" fill="#3f6a34"/>
    <path d="M720 760 Q600 640 610 520 Q700 600 760 760 Z" fill="#5d8c47"/>
    <rect x="690" y="690" width="130" height="110" rx="12" fill="#b9a58a"/>
    <rect x="0" y="640" width="1600" height="160" fill="#5a4331"/>
    <line x1="760" y1="0" x2="760" y2="90" stroke="#2b2118" stroke-width="4"/>
    <path d="M700 140 Q760 70 820 140 Z" fill="#2b2118"/>
    <line x1="1180" y1="0" x2="1180" y2="60" stroke="#2b2118" stroke-width="4"/>
    <path d="M1120 110 Q1180 40 1240 110 Z" fill="#2b2118"/>
    <ellipse cx="420" cy="740" rx="70" ry="22" fill="#f1ece4"/><rect x="370" y="660" width="100" height="80" rx="14" fill="#f4f0ea"/>`,
  near: `<defs>
      <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a8774c"/><stop offset="0.5" stop-color="#8a5a35"/><stop offset="1" stop-color="#5e3a20"/></linearGradient>
    </defs>
    <rect x="0" y="744" width="1600" height="456" fill="url(#wood)"/>
    <rect x="0" y="744" width="1600" height="6" fill="#d2a77b" opacity="0.8"/>`,
  glow: `<defs>
      <radialGradient id="lamp"><stop offset="0" stop-color="#fff3d0" stop-opacity="0.95"/><stop offset="0.35" stop-color="#ffc978" stop-opacity="0.5"/><stop offset="1" stop-color="#ff9d3c" stop-opacity="0"/></radialGradient>
      <radialGradient id="bokeh"><stop offset="0" stop-color="#fff6dc" stop-opacity="0.55"/><stop offset="0.8" stop-color="#fff0c8" stop-opacity="0.4"/><stop offset="1" stop-color="#fff0c8" stop-opacity="0"/></radialGradient>
      <radialGradient id="spill"><stop offset="0" stop-color="#fff8ec" stop-opacity="0.45"/><stop offset="1" stop-color="#fff8ec" stop-opacity="0"/></radialGradient>
    </defs>
    <circle cx="760" cy="150" r="90" fill="url(#lamp)"/><circle cx="1180" cy="120" r="80" fill="url(#lamp)"/>
    ${[
      [1010, 300, 34],
      [1300, 330, 26],
      [1480, 270, 40],
      [880, 560, 22],
      [1390, 560, 30],
    ]
      .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#bokeh)"/>`)
      .join('')}
    <ellipse cx="360" cy="900" rx="520" ry="160" fill="url(#spill)"/>`,
  grain: { across: 3.6, down: 16, amount: 0.14 },
};

const TERRACE: Recipe = {
  tableTop: 0.64,
  far: `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5f9ed6"/><stop offset="1" stop-color="#d6e9f5"/></linearGradient>
      <linearGradient id="facade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#e7d6b8"/><stop offset="1" stop-color="#cdb894"/></linearGradient>
    </defs>
    <rect width="1600" height="1200" fill="url(#sky)"/>
    <circle cx="1250" cy="240" r="105" fill="#ffe089"/>
    <rect x="0" y="60" width="520" height="760" fill="url(#facade)"/>
    ${[0, 1, 2]
      .flatMap((row) =>
        [0, 1, 2].map(
          (col) =>
            `<rect x="${50 + col * 160}" y="${120 + row * 170}" width="90" height="120" fill="#5b6f7c"/><rect x="${44 + col * 160}" y="${238 + row * 170}" width="102" height="10" fill="#f2eadc"/>`,
        ),
      )
      .join('')}
    <path d="M0 600 H560 L520 680 H0 Z" fill="#b0332b"/>
    ${Array.from({ length: 7 }, (_, i) => `<path d="M${i * 80} 600 h40 l-6 80 h-40 Z" fill="#f4ede2"/>`).join('')}
    <path d="M620 820 Q600 520 820 470 Q900 330 1050 430 Q1180 380 1230 520 Q1420 500 1480 640 Q1600 660 1600 820 Z" fill="#4c7d3c"/>
    <path d="M700 820 Q760 600 920 600 Q1040 520 1140 640 Q1300 620 1380 820 Z" fill="#3a6630"/>
    <rect x="0" y="780" width="1600" height="120" fill="#9b938a"/>`,
  near: `<defs>
      <linearGradient id="marble" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ece9e4"/><stop offset="1" stop-color="#c9c4bc"/></linearGradient>
    </defs>
    <rect x="0" y="768" width="1600" height="432" fill="url(#marble)"/>
    <path d="M-20 900 Q300 860 520 980 T1100 940 T1640 1010" fill="none" stroke="#a8a199" stroke-width="3" opacity="0.6"/>
    <path d="M200 1200 Q420 1040 760 1080 T1400 990" fill="none" stroke="#b3aca3" stroke-width="2" opacity="0.5"/>
    <rect x="0" y="768" width="1600" height="8" fill="#8f8a83"/>`,
  glow: `<defs>
      <radialGradient id="sun"><stop offset="0" stop-color="#fffbe8" stop-opacity="1"/><stop offset="0.3" stop-color="#fff2c0" stop-opacity="0.7"/><stop offset="1" stop-color="#fff2c0" stop-opacity="0"/></radialGradient>
      <radialGradient id="sheen"><stop offset="0" stop-color="#ffffff" stop-opacity="0.5"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    </defs>
    <circle cx="1250" cy="240" r="300" fill="url(#sun)"/>
    <ellipse cx="1150" cy="860" rx="480" ry="90" fill="url(#sheen)"/>`,
  grain: { across: 14, down: 1, amount: 0.07 },
};

const RECIPES: Record<SceneKind, Recipe> = { cafe: CAFE, terrace: TERRACE };

/** A context photo of the given kind, as a JPEG of the given size. */
export async function sceneJpeg(width = 1600, height = 1200, kind: SceneKind = 'cafe'): Promise<Buffer> {
  const recipe = RECIPES[kind];
  const blur = Math.max(1, width * 0.009);
  const far = await guard(
    fromSvg(view(width, height, recipe.far))
      .removeAlpha()
      .blur(blur)
      .png()
      .toBuffer(),
  );
  const near = await guard(
    fromSvg(view(width, height, recipe.near))
      .png()
      .toBuffer(),
  );
  const glow = await guard(
    fromSvg(view(width, height, recipe.glow))
      .png()
      .toBuffer(),
  );
  const scene: RawImage = await toRaw(
    fromSvg(view(width, height, '<rect width="1600" height="1200"/>'))
      .removeAlpha()
      .composite([{ input: far }, { input: near }, { input: glow, blend: 'screen' }]),
  );
  // The table top carries its grain: long streaks along the boards, and a finer fibre.
  const top = Math.round(recipe.tableTop * height);
  const rows: [number, number] = [top, height];
  const { across, down, amount } = recipe.grain;
  modulate(scene, valueNoise(width, height, across, (height / 100) * down, 3), amount, rows);
  modulate(scene, valueNoise(width, height, width / 40, height / 3, 5), amount * 0.3, rows);
  lensVignette(scene, 0.28);
  sensorNoise(scene, 3, 17);
  return fromRaw(scene).jpeg({ quality: 90 }).toBuffer();
}
