/**
 * The brand kit's rules: a logo must be one of the user's own logos, still kept; saving counts as a use
 * of it, and a logo the kit drops starts its day of grace (uploads are deleted by the daily retention
 * job once nothing uses them). What a generation copies of the kit when it starts is `brandSnapshot`.
 */
import {
  EMPTY_BRAND_KIT,
  brandKitApplies,
  type BrandKit,
  type BrandKitValues,
} from '@vitrine/shared/api/brand';
import type { FusionProviderInput } from '@vitrine/engine/providers/types';
import type { Database, Queryable } from '../../db/client';
import { AppError } from '../../http/app-error';
import { readAll, type Storage } from '../storage/storage';
import { lockOwn, markUsed } from '../uploads/repository';
import type { BrandSnapshot } from '../generations/render-request';
import * as kits from './repository';

/** The engine's brand input (packages/engine/src/brand/types.ts). */
type BrandInput = NonNullable<FusionProviderInput['brand']>;

type LogoRefusal = 'brand.logoNotYours' | 'brand.logoGone';
const invalidLogo = (key: LogoRefusal) =>
  new AppError('VALIDATION_FAILED', { messageKey: key, fields: { logoUploadId: { key } } });

export async function readBrandKit(database: Queryable, userId: string): Promise<BrandKit> {
  const row = await kits.find(database, userId);
  if (!row) return EMPTY_BRAND_KIT;
  return {
    colours: row.colours,
    logo: row.logo && {
      uploadId: row.logo.id,
      fileUrl: `/api/uploads/${row.logo.id}/file`,
      name: row.logo.originalName,
    },
    typography: row.typography,
    signature: row.signature,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Replaces the user's kit; a logo that is not theirs (or has expired) is refused and nothing changes. */
export async function saveBrandKit(
  database: Database,
  userId: string,
  kit: BrandKitValues,
): Promise<BrandKit> {
  await database.transaction(async (tx) => {
    const previous = await kits.lockCurrentLogo(tx, userId);
    if (kit.logoUploadId) {
      const upload = await lockOwn(tx, userId, kit.logoUploadId);
      if (!upload || upload.role !== 'logo') throw invalidLogo('brand.logoNotYours');
      if (!upload.fresh) throw invalidLogo('brand.logoGone');
      await markUsed(tx, userId, kit.logoUploadId);
    }
    await kits.save(tx, userId, kit);
    if (previous && previous !== kit.logoUploadId) await markUsed(tx, userId, previous);
  });
  return readBrandKit(database, userId);
}

/**
 * What a generation starting now copies of the user's kit, or null when it has none that applies (or
 * the form's switch is off). The copy is the generation's own: a later change of the kit leaves it be.
 */
export async function brandSnapshot(
  database: Queryable,
  userId: string,
  apply: boolean | undefined,
): Promise<BrandSnapshot | null> {
  if (apply === false) return null;
  const row = await kits.find(database, userId);
  if (!row || !brandKitApplies(row)) return null;
  return {
    colours: row.colours.map((colour) => colour.hex),
    typography: row.typography,
    signature: row.signature,
    logo: row.logo && { uploadId: row.logo.id, key: row.logo.storageKey },
  };
}

/**
 * The engine's input for a generation's copy of the kit, with its logo's bytes, and the logo's upload
 * when it is given. A logo deleted since the generation started is left out rather than failing the
 * render: the rest of the kit still applies.
 */
export async function brandInput(
  storage: Storage,
  snapshot: BrandSnapshot | undefined,
): Promise<{ brand: BrandInput | null; logoUploadId: string | null }> {
  if (!snapshot) return { brand: null, logoUploadId: null };
  const logo = snapshot.logo ? await readAll(storage, snapshot.logo.key).catch(() => null) : null;
  const { colours, typography, signature } = snapshot;
  return {
    brand: { colours, typography, signature, logo },
    logoUploadId: logo ? snapshot.logo!.uploadId : null,
  };
}
