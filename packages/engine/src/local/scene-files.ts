/**
 * The catalogue of ready-made scenes on disk (packages/engine/scenes/): read and checked once
 * (art-direction/scene-catalogue.ts), without loading the image code, so a server can list the scenes
 * and check a chosen id at start-up cost. Drawing and decoding them is scenes.ts's.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  parseCatalogue,
  scenePhotoFile,
  type CatalogueScene,
  type PhotoScene,
} from '../art-direction/scene-catalogue';

/** The folder holding catalogue.json, SOURCES.md and photos/ (found from the package, bundled or not). */
export const SCENES_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vitrine/engine/package.json')),
  'scenes',
);

let loaded: CatalogueScene[] | null = null;

/** Every scene of the catalogue, in its order; a malformed catalogue throws here, naming the entry. */
export function sceneCatalogue(): readonly CatalogueScene[] {
  loaded ??= parseCatalogue(JSON.parse(readFileSync(path.join(SCENES_DIR, 'catalogue.json'), 'utf8')));
  return loaded;
}

export function findScene(id: string): CatalogueScene | undefined {
  return sceneCatalogue().find((scene) => scene.id === id);
}

export const scenePhotoPath = (scene: PhotoScene) => path.join(SCENES_DIR, scenePhotoFile(scene));
