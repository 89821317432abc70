import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseCatalogue, scenePhotoFile } from '../art-direction/scene-catalogue';
import { findScene, prepareCatalogueScene, sceneCatalogue, SCENES_DIR, sceneThumbnail } from './scenes';

const catalogue = sceneCatalogue();
const photos = catalogue.flatMap((scene) => (scene.kind === 'studio' ? [] : [scene]));

describe('the scene catalogue (packages/engine/scenes/catalogue.json)', () => {
  it('has every photo it lists, at the size it states', async () => {
    expect(photos.length).toBeGreaterThan(0);
    for (const scene of photos) {
      const file = path.join(SCENES_DIR, scenePhotoFile(scene));
      expect(existsSync(file), file).toBe(true);
      const { width, height, format } = await sharp(file).metadata();
      expect({ id: scene.id, width, height, format }).toEqual({
        id: scene.id,
        width: scene.width,
        height: scene.height,
        format: 'jpeg',
      });
    }
  });

  it('lists every photo in SOURCES.md', async () => {
    const sources = await import('node:fs/promises').then((fs) =>
      fs.readFile(path.join(SCENES_DIR, 'SOURCES.md'), 'utf8'),
    );
    for (const scene of photos) expect(sources, scene.id).toContain(scenePhotoFile(scene));
  });

  it('the scenes cover wooden, marble and linen surfaces, a kitchen counter, a café, bathroom tiles, outdoors and studio sweeps, in at least 16 photos', () => {
    // A shelf (SCENE_KINDS) has no open-licence photo yet (SOURCES.md).
    const required = ['wood', 'marble', 'linen', 'counter', 'cafe', 'bathroom', 'outdoor', 'studio'];
    const LEAST_PHOTOS = 16;
    const kinds = new Set(catalogue.map((scene) => scene.kind));
    for (const kind of required) expect(kinds, kind).toContain(kind);
    expect(photos.length).toBeGreaterThanOrEqual(LEAST_PHOTOS);
  });
});

describe('a malformed catalogue is refused at load, naming the entry', () => {
  const good = { ...catalogue[0]! };
  it('refuses an entry whose annotation is out of range, an unknown kind, a missing name, a repeated id', () => {
    expect(() => parseCatalogue([{ ...good, surface: [0.8, 0.4] }])).toThrow(
      new RegExp(`entry ${good.id} is malformed: surface`),
    );
    expect(() => parseCatalogue([{ ...good, kind: 'kitchen' }])).toThrow(/malformed: kind/);
    expect(() => parseCatalogue([{ ...good, name: { fr: 'Table', en: ' ' } }])).toThrow(
      /malformed: name\.en/,
    );
    expect(() => parseCatalogue([{ ...good, softness: 2 }])).toThrow(/malformed: softness/);
    expect(() => parseCatalogue([good, good])).toThrow(/listed twice/);
    // A table's ends across the photo: in order, and at least a tenth of its width apart.
    expect(() => parseCatalogue([{ ...good, span: [0.5, 0.45] }])).toThrow(/malformed: span/);
    expect(() => parseCatalogue([{ ...good, span: [0.4, 0.45] }])).toThrow(/malformed: span/);
    expect(parseCatalogue([{ ...good, span: [0.4, 0.5] }])[0]).toMatchObject({ span: [0.4, 0.5] });
    expect(() => parseCatalogue({ scenes: [] })).toThrow(/JSON array/);
    expect(parseCatalogue([good])).toEqual([good]);
  });
});

describe('a catalogue scene is prepared with its annotation as the scene reading', () => {
  it('a photo: its annotated surface line, light side and warmth, not a reading of its pixels', async () => {
    const id = 'outdoor-stone-table-sunset';
    const scene = findScene(id)!;
    if (scene.kind === 'studio') throw new Error(`${id} is a photo`);
    const prepared = await prepareCatalogueScene(id, 'chaude', { width: 1080, height: 1080 });
    expect(prepared.reading).toMatchObject({
      surface: { back: scene.surface[0], front: scene.surface[1], span: [0.4, 0.86] },
      light: { from: 'left' },
      annotated: { scene: id, view: 'high-angle' },
    });
    expect(prepared.reading!.temperature).toBeGreaterThan(0);
    // Never enlarged: the photo as it is when it is smaller than the canvas.
    expect([prepared.image.width, prepared.image.height]).toEqual([scene.width, scene.height]);
  });

  it('a studio sweep: drawn at the canvas size, in the palette’s colours and warmth', async () => {
    const canvas = { width: 1080, height: 1350 };
    const [warm, cool] = await Promise.all([
      prepareCatalogueScene('studio-sweep', 'chaude', canvas),
      prepareCatalogueScene('studio-sweep', 'froide', canvas),
    ]);
    expect([warm.image.width, warm.image.height]).toEqual([1080, 1350]);
    const redOverBlue = async (image: typeof warm.image) => {
      const { channels } = await sharp(image.data, { raw: image }).stats();
      return channels[0]!.mean - channels[2]!.mean;
    };
    expect(await redOverBlue(warm.image)).toBeGreaterThan(10);
    expect(await redOverBlue(cool.image)).toBeLessThan(-10);
    expect(warm.reading!.temperature).toBeGreaterThan(0);
    expect(cool.reading!.temperature).toBeLessThan(0);
  });

  it('a thumbnail is a small JPEG, 480 pixels wide', async () => {
    for (const id of ['outdoor-river-ledge', 'studio-sweep']) {
      const { width, format } = await sharp(await sceneThumbnail(id, 480, 'pastel')).metadata();
      expect({ id, width, format }).toEqual({ id, width: 480, format: 'jpeg' });
    }
  });
});
