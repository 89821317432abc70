/**
 * Every statement on upload_cutouts: the product cut-out of an upload, as the user checked it (the
 * automatic result, their corrections, or the whole photo). Its mask and preview live in storage.
 */
import type { CutoutCorrections, CutoutMethodName, FramedReason } from '@vitrine/shared/api/cutout';
import type { Queryable } from '../../db/client';
import type { uploadCutouts } from '../../db/schema';

type CutoutRecord = typeof uploadCutouts.$inferSelect;

/** A stored cut-out, its JSON and text columns in their contract's types. */
export type CutoutRow = Pick<
  CutoutRecord,
  | 'uploadId'
  | 'choice'
  | 'framed'
  | 'confidence'
  | 'coverage'
  | 'pieces'
  | 'crossesFrame'
  | 'maskKey'
  | 'previewKey'
  | 'baseMaskKey'
  | 'width'
  | 'height'
  | 'ms'
  | 'version'
> & { method: CutoutMethodName; reason: FramedReason | null; corrections: CutoutCorrections | null };

const columns = (alias: string) =>
  `${alias}.upload_id as "uploadId", ${alias}.choice, ${alias}.method, ${alias}.framed, ${alias}.reason,
  ${alias}.confidence, ${alias}.coverage, ${alias}.pieces, ${alias}.crosses_frame as "crossesFrame",
  ${alias}.mask_key as "maskKey", ${alias}.preview_key as "previewKey",
  ${alias}.base_mask_key as "baseMaskKey", ${alias}.width, ${alias}.height,
  ${alias}.corrections, ${alias}.ms, ${alias}.version`;

export async function find(db: Queryable, uploadId: string): Promise<CutoutRow | undefined> {
  const [row] = await db.query<CutoutRow>(
    `select ${columns('c')} from upload_cutouts c where c.upload_id = $1`,
    [uploadId],
  );
  return row;
}

/** The cut-out the user checked for the upload stored under `storageKey`. */
export async function findForProduct(
  db: Queryable,
  userId: string,
  storageKey: string,
): Promise<CutoutRow | undefined> {
  const [row] = await db.query<CutoutRow>(
    `select ${columns('c')} from upload_cutouts c
     join uploads u on u.id = c.upload_id where u.user_id = $1 and u.storage_key = $2`,
    [userId, storageKey],
  );
  return row;
}

export type CutoutFiles = Pick<CutoutRow, 'maskKey' | 'previewKey' | 'baseMaskKey'>;

/** The files of the upload's current cut-out, locked until the transaction ends. */
export async function lockFiles(tx: Queryable, uploadId: string): Promise<CutoutFiles | undefined> {
  const [previous] = await tx.query<CutoutFiles>(
    `select mask_key as "maskKey", preview_key as "previewKey", base_mask_key as "baseMaskKey" from upload_cutouts
     where upload_id = $1 for update`,
    [uploadId],
  );
  return previous;
}

export type NewCutout = Omit<CutoutRow, 'uploadId' | 'version'> & { userId: string };

/** Stores the cut-out in place of the upload's previous one (a new version). */
export async function save(tx: Queryable, uploadId: string, cutout: NewCutout): Promise<CutoutRow> {
  const [saved] = await tx.query<CutoutRow>(
    `insert into upload_cutouts as c (upload_id, user_id, choice, method, framed, reason, confidence, coverage,
       pieces, crosses_frame, mask_key, preview_key, width, height, corrections, ms, base_mask_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
     on conflict (upload_id) do update set choice = excluded.choice, method = excluded.method,
       framed = excluded.framed, reason = excluded.reason, confidence = excluded.confidence,
       coverage = excluded.coverage, pieces = excluded.pieces,
       crosses_frame = excluded.crosses_frame, mask_key = excluded.mask_key, preview_key = excluded.preview_key,
       base_mask_key = excluded.base_mask_key,
       width = excluded.width, height = excluded.height, corrections = excluded.corrections,
       ms = excluded.ms, version = c.version + 1, updated_at = now()
     returning ${columns('c')}`,
    [
      uploadId,
      cutout.userId,
      cutout.choice,
      cutout.method,
      cutout.framed,
      cutout.reason,
      cutout.confidence,
      cutout.coverage,
      cutout.pieces,
      cutout.crossesFrame,
      cutout.maskKey,
      cutout.previewKey,
      cutout.width,
      cutout.height,
      cutout.corrections ? JSON.stringify(cutout.corrections) : null,
      cutout.ms,
      cutout.baseMaskKey,
    ],
  );
  return saved!;
}

/** Changes only how generations use the mask already found (a new version). */
export async function setChoice(
  db: Queryable,
  uploadId: string,
  change: Pick<CutoutRow, 'choice' | 'framed' | 'reason'>,
): Promise<CutoutRow | undefined> {
  const [row] = await db.query<CutoutRow>(
    `update upload_cutouts c set choice = $2, framed = $3, reason = $4, version = version + 1, updated_at = now()
     where upload_id = $1 returning ${columns('c')}`,
    [uploadId, change.choice, change.framed, change.reason],
  );
  return row;
}

/**
 * Claims the user's one cut-out in flight: true when claimed, false while another claim younger than
 * `staleSeconds` holds it (an older one, left by a process that died, is taken over).
 */
export async function claimCutout(
  db: Queryable,
  userId: string,
  claim: string,
  staleSeconds: number,
): Promise<boolean> {
  const rows = await db.query<{ claim: string }>(
    `insert into cutout_claims (user_id, claim) values ($1, $2)
     on conflict (user_id) do update set claim = excluded.claim, claimed_at = now()
       where cutout_claims.claimed_at < now() - make_interval(secs => $3)
     returning claim`,
    [userId, claim, staleSeconds],
  );
  return rows[0]?.claim === claim;
}

/** Lets the user's claim go (only the holder's own). */
export async function releaseCutout(db: Queryable, userId: string, claim: string): Promise<void> {
  await db.query(`delete from cutout_claims where user_id = $1 and claim = $2`, [userId, claim]);
}
