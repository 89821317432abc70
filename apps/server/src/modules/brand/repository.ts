/**
 * Every statement on brand_kits: the user's brand kit, read with its logo (when that upload is still
 * kept) and replaced whole.
 */
import type { BrandColour, BrandKitValues } from '@vitrine/shared/api/brand';
import type { FusionTypography } from '@vitrine/shared/api/generation';
import type { Queryable } from '../../db/client';
import type { brandKits, uploads } from '../../db/schema';
import { notExpired } from '../uploads/repository';

type KitRecord = typeof brandKits.$inferSelect;

/** The kit as stored, with its logo's file when the upload is still kept (else null). */
export type KitRow = Pick<KitRecord, 'signature' | 'updatedAt'> & {
  colours: BrandColour[];
  typography: FusionTypography | null;
  logo: Pick<typeof uploads.$inferSelect, 'id' | 'storageKey' | 'originalName'> | null;
};

export async function find(db: Queryable, userId: string): Promise<KitRow | undefined> {
  const [row] = await db.query<KitRow>(
    `select k.colours, k.typography, k.signature, k.updated_at as "updatedAt",
       case when u.id is null then null
            else json_build_object('id', u.id, 'storageKey', u.storage_key, 'originalName', u.original_name)
       end as logo
     from brand_kits k
     left join uploads u on u.id = k.logo_upload_id and ${notExpired('u')}
     where k.user_id = $1`,
    [userId],
  );
  return row;
}

/** The kit's logo upload, locked until the transaction ends (saves of one user are serialised by it). */
export async function lockCurrentLogo(tx: Queryable, userId: string): Promise<string | null> {
  await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`brand-kits:${userId}`]);
  const [row] = await tx.query<{ logoUploadId: string | null }>(
    `select logo_upload_id as "logoUploadId" from brand_kits where user_id = $1`,
    [userId],
  );
  return row?.logoUploadId ?? null;
}

/** Stores the kit in place of the user's previous one. */
export async function save(tx: Queryable, userId: string, kit: BrandKitValues): Promise<void> {
  await tx.query(
    `insert into brand_kits (user_id, colours, logo_upload_id, typography, signature, updated_at)
     values ($1, $2, $3, $4, $5, now())
     on conflict (user_id) do update
       set colours = excluded.colours, logo_upload_id = excluded.logo_upload_id,
           typography = excluded.typography, signature = excluded.signature, updated_at = now()`,
    [userId, JSON.stringify(kit.colours), kit.logoUploadId, kit.typography, kit.signature],
  );
}
