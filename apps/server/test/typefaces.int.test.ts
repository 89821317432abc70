/**
 * The text in the images of a running server is set in its own typeface: a fresh server process, warmed
 * up as in production, then the machine's fonts change (a package that brings fonts is installed) and
 * several users start generations at once, Fusion in Moderne (Inter) and Élégant (Playfair Display)
 * and Express Élégant, with prices, percentages, dates and emoji. Every image must equal the render CLI's for the same request,
 * and OCR must read each price back exactly.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { GenerationDetail } from '@vitrine/shared/api/generations';
import { hasFrenchOcr, ocrRegion } from '@vitrine/engine/test-utils/ocr';
import { REPO_ROOT, startServer, type ServerProcess } from './helpers/server-process';
import { signUpOverHttp, uploadOverHttp } from './helpers/http-session';
import { dbKind } from './helpers/test-db';
import { productJpeg } from './helpers/sample-images';
import { freePort } from './helpers/free-port';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-typefaces-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

const photo = (name: string) => path.join(REPO_ROOT, 'packages/engine/src/samples/photos', name);
/**
 * A studio shot, cut out without the model (a plain backdrop): under a loaded machine the model's
 * inference may run past its limit in one process and not in the other, and the test is about text.
 */
const PRODUCT = path.join(root, 'bouteille.jpg');
const CONTEXT = photo('carton-shelf.jpg');
const FONT_FILE = path.join(REPO_ROOT, 'node_modules/@expo-google-fonts/caveat/700Bold/Caveat_700Bold.ttf');

/** The requests, one per user; `prices`: what OCR must read in the image's text. */
const REQUESTS: {
  mode: 'fusion' | 'express';
  email: string;
  body: Record<string, string | number>;
  prices: string[];
}[] = [
  {
    mode: 'fusion',
    email: 'cafe@example.test',
    body: {
      position: 'gauche',
      style: 'photo réaliste',
      palette: 'chaude',
      typography: 'moderne',
      format: 'carré',
      slogan: 'Café -15 % ☕',
      tagline: 'Le crème à 2,50 € jusqu’au 12/12',
      language: 'fr',
      variants: 2,
    },
    prices: ['15', '2,50', '12/12'],
  },
  {
    mode: 'fusion',
    email: 'bougies@example.test',
    body: {
      position: 'centré',
      style: 'vintage',
      palette: 'pastel',
      typography: 'élégant',
      format: 'story',
      slogan: 'Soldes -30 %',
      tagline: 'Dès 19,90 € · jusqu’au 31/01',
      language: 'fr',
      variants: 2,
    },
    prices: ['30', '19,90', '31/01'],
  },
  {
    mode: 'fusion',
    email: 'bikes@example.test',
    body: {
      position: 'droite',
      style: 'minimaliste',
      palette: 'froide',
      typography: 'moderne',
      format: 'story',
      slogan: '20% off all helmets',
      tagline: 'From €49.90 until 12/31 🚲',
      language: 'en',
      variants: 2,
    },
    prices: ['20%', '49.90', '12/31'],
  },
  {
    // Express Élégant: Playfair Display, italic, with the emoji font slanted beside it.
    mode: 'express',
    email: 'salon@example.test',
    body: {
      style: 'elegante',
      format: 'story',
      description: 'Salon de thé 🍰 pâtisseries maison, -10 % avant 10h',
      language: 'fr',
      variants: 2,
    },
    prices: [],
  },
];

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type CliText = { text: string; rect: never; face: { family: string; checked: boolean } };
type CliMetadata = { text?: CliText[]; headline?: CliText | null; supporting?: CliText | null };

/** The render CLI's images and metadata for a request (jpeg, as the server stores them). */
async function renderWithCli({ mode, body }: (typeof REQUESTS)[number], out: string) {
  const options = Object.entries(body).map(
    ([name, value]) => `--${name === 'typography' ? 'typo' : name}=${value}`,
  );
  const photos = mode === 'fusion' ? ['--product', PRODUCT, '--context', CONTEXT] : [];
  const args = [
    '--import',
    'tsx',
    'packages/engine/src/cli/render.ts',
    '--mode',
    mode,
    ...photos,
    ...options,
    '--out',
    out,
  ];
  const { stdout: printed } = await promisify(execFile)(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, CUTOUT_MODEL: 'none' },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  return JSON.parse(printed) as { outputs: { files: string[]; metadata: CliMetadata }[] };
}

/** The texts set on an image: Fusion's slogan and tagline, Express's headline and supporting line. */
const textsOf = (metadata: CliMetadata) =>
  (metadata.text ?? [metadata.headline, metadata.supporting]).filter((text): text is CliText =>
    Boolean(text),
  );

const pixels = async (jpeg: Buffer) => (await sharp(jpeg).raw().toBuffer()).toString('base64');

describe.runIf(dbKind() === 'pglite')('text in the images of a running server', () => {
  it('is set in its own typeface, as the render CLI sets it, after the system fonts changed under the process', async () => {
    fs.writeFileSync(PRODUCT, await productJpeg());
    // The machine's font configuration, standing in for /etc/fonts: a font folder of its own that
    // fontconfig rescans every second (every 30 s by default).
    const fonts = path.join(root, 'fonts');
    fs.mkdirSync(fonts);
    const system = path.join(root, 'fonts.conf');
    fs.writeFileSync(
      system,
      `<?xml version="1.0"?><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>
       <dir>${fonts}</dir><cachedir>${path.join(root, 'cache')}</cachedir>
       <config><rescan><int>1</int></rescan></config></fontconfig>`,
    );
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await startServer(
      {
        DATA_DIR: path.join(root, 'data'),
        PORT: String(port),
        PUBLIC_URL: base,
        RATE_LIMIT_MULTIPLIER: '100',
        ENGINE_WARM_UP: 'true',
        FONTCONFIG_FILE: system,
        // The cut-out is not what this test is about: without the model, no time limit on a loaded
        // machine decides between two masks in one process and not the other.
        CUTOUT_MODEL: 'none',
      },
      { timeoutMs: 90_000 },
    );
    await waitFor(() => server!.output().includes('the image engine is warm'), 'the warm-up');

    const users = await Promise.all(
      REQUESTS.map(async (request) => {
        const cookie = await signUpOverHttp(base, request.email, request.body.language as 'fr' | 'en');
        if (request.mode === 'express') return { ...request, cookie, photos: {} };
        const productUploadId = await uploadOverHttp(base, cookie, 'produit.jpg', fs.readFileSync(PRODUCT));
        const contextUploadId = await uploadOverHttp(base, cookie, 'decor.jpg', fs.readFileSync(CONTEXT));
        return { ...request, cookie, photos: { productUploadId, contextUploadId } };
      }),
    );
    // A package that brings fonts is installed while the server runs.
    fs.copyFileSync(FONT_FILE, path.join(fonts, 'installed-font.ttf'));
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const ids = await Promise.all(
      users.map(async (user) => {
        const res = await fetch(`${base}/api/generations/${user.mode}`, {
          method: 'POST',
          headers: { cookie: user.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ ...user.body, ...user.photos }),
        });
        expect(res.status, await res.clone().text()).toBe(202);
        return ((await res.json()) as { generation: { id: string } }).generation.id;
      }),
    );
    // The render CLI makes the same requests meanwhile, in processes of its own.
    const fromCli = users.map((user, i) => renderWithCli(user, path.join(root, `cli-${i}`)));
    fromCli.forEach((rendering) => rendering.catch(() => undefined));
    const details = await Promise.all(
      users.map(async (user, i) => {
        let detail: GenerationDetail | undefined;
        await waitFor(
          async () => {
            const res = await fetch(`${base}/api/generations/${ids[i]}`, {
              headers: { cookie: user.cookie },
            });
            detail = (await res.json()) as GenerationDetail;
            return detail.generation.status === 'completed' || detail.generation.status === 'failed';
          },
          `generation ${i + 1}`,
        );
        expect(detail!.generation.status, detail!.generation.errorMessage ?? '').toBe('completed');
        return detail!;
      }),
    );

    for (const [i, user] of users.entries()) {
      const served = await Promise.all(
        details[i]!.result!.images.map(async ({ url }) => {
          const res = await fetch(new URL(url, base), { headers: { cookie: user.cookie } });
          return Buffer.from(await res.arrayBuffer());
        }),
      );
      const cli = await fromCli[i]!;
      expect(served).toHaveLength(cli.outputs.length);
      for (const [v, output] of cli.outputs.entries()) {
        const expected = fs.readFileSync(output.files[0]!);
        expect(await pixels(served[v]!), `${user.email}, variant ${v + 1}`).toBe(await pixels(expected));
        const texts = textsOf(output.metadata);
        expect(texts.length).toBeGreaterThan(0);
        for (const text of texts) expect(text.face, text.text).toMatchObject({ checked: true });
        if (!hasFrenchOcr || !user.prices.length) continue;
        const image = { ...(await sharp(expected).raw().toBuffer({ resolveWithObject: true })) };
        const raw = {
          data: image.data,
          width: image.info.width,
          height: image.info.height,
          channels: 3 as const,
        };
        const read = (await Promise.all(texts.map((text) => ocrRegion(raw, text.rect))))
          .join(' ')
          .replace(/\s+/g, ' ');
        for (const price of user.prices) expect(read, `${user.email}, variant ${v + 1}`).toContain(price);
      }
    }
  }, 300_000);
});
