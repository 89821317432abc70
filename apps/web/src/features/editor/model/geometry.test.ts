import { describe, expect, it } from 'vitest';
import type { TextLayer } from '@vitrine/shared/api/editor';
import {
  displayToImage,
  fitDisplay,
  logoBox,
  logoWidth,
  textLayout,
  type FontOf,
  type Measure,
} from './geometry';
import { editorReducer, initialEditorState } from './reducer';

/** A stand-in for canvas measurement: every character is half the font's pixel size wide. */
const measure: Measure = (text, font) => text.length * (Number(/(\d+(?:\.\d+)?)px/.exec(font)![1]) / 2);

const fontOf: FontOf = (text, px) => `${text.fontWeight} ${px}px ${text.fontFamily}`;

const TEXT: TextLayer = {
  id: '1',
  text: 'Soldes',
  x: 25,
  y: 75,
  fontSize: 24,
  color: '#ffffff',
  backgroundColor: 'transparent',
  fontFamily: 'Arial',
  fontWeight: 'bold',
  outlineColor: '#000000',
  outlineWidth: 2,
};

describe('logo geometry (spec section 9)', () => {
  it('logo width = size percent × 0.3 × image width', () => {
    expect(logoWidth(20, 1080)).toBeCloseTo(64.8, 9);
    expect(logoWidth(80, 1920)).toBeCloseTo(460.8, 9);
    expect(logoWidth(5, 1000)).toBeCloseTo(15, 9);
  });

  it('the logo keeps its own proportions and is centred on its position', () => {
    const box = logoBox(
      { uploadId: 'x', x: 50, y: 25, size: 20 },
      { width: 1080, height: 1920 },
      { width: 400, height: 200 },
    );
    expect(box.width).toBeCloseTo(64.8, 9);
    expect(box.height).toBeCloseTo(32.4, 9);
    expect(box.x + box.width / 2).toBeCloseTo(540, 9);
    expect(box.y + box.height / 2).toBeCloseTo(480, 9);
  });
});

describe('export geometry: full resolution whatever the zoom or display size', () => {
  it('layers are placed in the image’s own pixels, from percent positions', () => {
    const layout = textLayout(TEXT, { width: 1080, height: 1920 }, measure, fontOf, 'fr');
    expect([layout.cx, layout.cy]).toEqual([270, 1440]);
    expect(layout.fontPx).toBe(48);
    expect(layout.outlinePx).toBe(4);
  });

  it('text sizes are pixels of a 540-wide display, scaled with the image', () => {
    const layout = textLayout(TEXT, { width: 1920, height: 640 }, measure, fontOf, 'fr');
    expect(layout.fontPx).toBeCloseTo(85.333, 3);
    expect(layout.outlinePx).toBeCloseTo(7.111, 3);
    expect(layout.font).toContain('85.333');
  });

  it('a pointer at the same place of the shown image lands on the same image pixel at zoom 0.5, 1 and 3, on any screen', () => {
    const image = { width: 1080, height: 1350 };
    const landed = [
      { zoom: 0.5, box: { width: 390, height: 600 } },
      { zoom: 1, box: { width: 900, height: 700 } },
      { zoom: 3, box: { width: 1280, height: 800 } },
    ].map(({ zoom, box }) => {
      const display = fitDisplay(image, box, zoom);
      // A third of the way across, three quarters of the way down the shown image.
      return displayToImage(display.width / 3, (display.height * 3) / 4, display, image);
    });
    for (const point of landed) {
      expect(point.x).toBeCloseTo(360, 9);
      expect(point.y).toBeCloseTo(1012.5, 9);
    }
  });

  it('the displayed size fits the image in its box, never past its pixels, times the zoom', () => {
    expect(fitDisplay({ width: 1080, height: 1920 }, { width: 540, height: 2000 }, 1)).toEqual({
      width: 540,
      height: 960,
    });
    expect(fitDisplay({ width: 400, height: 400 }, { width: 1000, height: 1000 }, 1)).toEqual({
      width: 400,
      height: 400,
    });
    expect(fitDisplay({ width: 1080, height: 1080 }, { width: 540, height: 540 }, 1.5)).toEqual({
      width: 810,
      height: 810,
    });
  });

  it('the state’s canvas is the image’s size, independent of the display', () => {
    let state = initialEditorState(1280);
    state = editorReducer(state, { type: 'setCanvas', size: { width: 1920, height: 640 } });
    state = editorReducer(state, { type: 'zoomIn' });
    state = editorReducer(state, { type: 'setDisplay', size: { width: 600, height: 200 } });
    expect(state.canvas).toEqual({ width: 1920, height: 640 });
  });
});

describe('a text the engine set, as a layer (decision 046)', () => {
  it('wraps at the width it was set at, in capitals when the engine sets it so', () => {
    const slogan: TextLayer = {
      ...TEXT,
      text: 'Le goût du vrai pain',
      x: 50,
      y: 20,
      fontSize: 30,
      source: { role: 'slogan', width: 40, uppercase: true },
    };
    const layout = textLayout(slogan, { width: 1080, height: 1080 }, measure, fontOf, 'fr');
    // 432 px wide lines of 30-px characters: at most 14 characters each.
    expect(layout.lines).toEqual(['LE GOÛT DU', 'VRAI PAIN']);
    expect(layout.box.height).toBeGreaterThan(layout.lineHeight * 2);
  });

  it('sets the words by the language’s typographic rules, as the export does, and never breaks at a no-break space', () => {
    const nb = '\u00a0';
    const french = { ...TEXT, text: 'Tout à 2 € ! "Le" pain...' };
    expect(textLayout(french, { width: 1080, height: 1080 }, measure, fontOf, 'fr').lines).toEqual([
      `Tout à${nb}2${nb}€${nb}! «${nb}Le${nb}» pain…`,
    ]);
    const english = { ...TEXT, text: 'Only £ 2 ! "Fresh" bread' };
    expect(textLayout(english, { width: 1080, height: 1080 }, measure, fontOf, 'en').lines).toEqual([
      `Only £${nb}2! “Fresh” bread`,
    ]);
    // A narrow set width: "à 2", "2 €" and "€ !" stay together on their line.
    const narrow = { ...french, text: 'Tout à 2 € !', source: { role: 'slogan' as const, width: 10 } };
    const lines = textLayout(narrow, { width: 1080, height: 1080 }, measure, fontOf, 'fr').lines;
    expect(lines.at(-1)).toBe(`à${nb}2${nb}€${nb}!`);
  });

  it('a text added in the editor stays on one line, however long', () => {
    const long = { ...TEXT, text: 'Une phrase bien plus longue que la largeur de l’image' };
    expect(textLayout(long, { width: 400, height: 400 }, measure, fontOf, 'fr').lines).toEqual([long.text]);
  });

  it('a new text’s default size of 24 is 48 px on a 1080-px image (4.4 % of its width, it reads on a phone) and scales with it', () => {
    expect(textLayout(TEXT, { width: 1080, height: 1080 }, measure, fontOf, 'fr').fontPx).toBe(48);
    expect(textLayout(TEXT, { width: 2160, height: 2160 }, measure, fontOf, 'fr').fontPx).toBe(96);
  });
});
