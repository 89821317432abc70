/**
 * Every statement on uploads: storing, finding, listing, using and deleting a user's photos, and the
 * rule of which are kept (notExpired), which every read that offers an upload applies.
 */
import { UPLOAD_RETENTION_DAYS, type UploadRole } from '@vitrine/shared/api/uploads';
import type { Queryable } from '../../db/client';
import type { uploadCutouts, uploads } from '../../db/schema';
import { uploadInUse } from '../generations/repository';
import { UNUSED_UPLOAD_DAYS } from '../rate-limit/usage-limits';

/**
 * SQL condition: the upload (table alias `alias`) is in use: a photo or logo of a generation still
 * running or whose result is kept, the logo of a saved image, or the logo of the brand kit.
 */
export const inUse = (alias = 'uploads') =>
  `(${uploadInUse(alias)}
    or exists (select 1 from generation_edits e where e.logo_upload_id = ${alias}.id)
    or exists (select 1 from brand_kits b where b.logo_upload_id = ${alias}.id))`;

/**
 * SQL condition: the upload (table alias `alias`) has not expired at `now` (SQL): it was used within the
 * retention period, and within UNUSED_UPLOAD_DAYS unless it is in use. An expired upload is neither
 * listed, served, cut out nor generated from; the daily retention job deletes it.
 */
export const notExpired = (alias = 'uploads', now = 'now()') =>
  `(${alias}.last_used_at > ${now} - make_interval(days => ${UPLOAD_RETENTION_DAYS})
    and (${alias}.last_used_at > ${now} - make_interval(days => ${UNUSED_UPLOAD_DAYS}) or ${inUse(alias)}))`;

export type UploadRecord = typeof uploads.$inferSelect;

/** The files an upload leaves behind once its row is gone: the image, its preview and its cut-out's. */
export type UploadFiles = {
  storageKey: string;
  maskKey: string | null;
  previewKey: string | null;
  baseMaskKey: string | null;
};

/** The user's unexpired uploads among `ids`, by id. */
export async function findOwnUploads(
  db: Queryable,
  userId: string,
  ids: string[],
): Promise<Map<string, Pick<UploadRecord, 'id' | 'storageKey'>>> {
  const rows = await db.query<Pick<UploadRecord, 'id' | 'storageKey'>>(
    `select id, storage_key as "storageKey" from uploads where user_id = $1 and id = any($2::uuid[])
       and ${notExpired()}`,
    [userId, ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The ids of the user's uploads stored under `keys`, in their order (undefined for a key not found). */
export async function idsOfStorageKeys(
  db: Queryable,
  userId: string,
  keys: string[],
): Promise<(string | undefined)[]> {
  const rows = await db.query<Pick<UploadRecord, 'id' | 'storageKey'>>(
    `select id, storage_key as "storageKey" from uploads where user_id = $1 and storage_key = any($2::text[])`,
    [userId, keys],
  );
  return keys.map((key) => rows.find((row) => row.storageKey === key)?.id);
}

/** Marks uploads as used now (a generation started from them): their year starts again. */
export async function touchUploads(db: Queryable, userId: string, ids: string[]): Promise<void> {
  await db.query(`update uploads set last_used_at = now() where user_id = $1 and id = any($2::uuid[])`, [
    userId,
    ids,
  ]);
}

/**
 * Deletes the uploads expired at `now` (SQL timestamptz text), and logos nothing uses (no saved
 * document, brand kit nor generation) `logoGraceDays` after their last use; answers their files
 * (their cut-outs go by cascade).
 */
export async function deleteExpired(
  db: Queryable,
  now: string,
  logoGraceDays: number,
): Promise<UploadFiles[]> {
  return db.query<UploadFiles>(
    `with gone as (
       delete from uploads
       where not ${notExpired('uploads', '$1::timestamptz')}
          or (role = 'logo' and last_used_at < $1::timestamptz - make_interval(days => $2)
              and not ${inUse('uploads')})
       returning id, storage_key)
     select gone.storage_key as "storageKey", c.mask_key as "maskKey", c.preview_key as "previewKey",
       c.base_mask_key as "baseMaskKey"
     from gone left join upload_cutouts c on c.upload_id = gone.id`,
    [now, logoGraceDays],
  );
}

/** What serving an upload's file needs. */
export type UploadFile = Pick<UploadRecord, 'storageKey' | 'contentType'>;

/** One of the user's unexpired uploads. */
export async function findOwn(db: Queryable, userId: string, id: string): Promise<UploadFile | undefined> {
  const [row] = await db.query<UploadFile>(
    `select storage_key as "storageKey", content_type as "contentType" from uploads
     where id = $1 and user_id = $2 and ${notExpired()}`,
    [id, userId],
  );
  return row;
}

/** Any upload, whoever owns it (a signed link names it). */
export async function findFile(db: Queryable, id: string): Promise<UploadFile | undefined> {
  const [row] = await db.query<UploadFile>(
    `select storage_key as "storageKey", content_type as "contentType" from uploads where id = $1`,
    [id],
  );
  return row;
}

export async function exists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query(`select 1 from uploads where id = $1`, [id])).length > 0;
}

/** An upload as the pickers list it, with its cut-out's choice and whether something uses it. */
export type RecentRow = Pick<
  UploadRecord,
  'id' | 'role' | 'originalName' | 'sourceUrl' | 'contentType' | 'createdAt' | 'lastUsedAt'
> & {
  /** last_used_at as Postgres prints it: exact to the microsecond, for the cursor. */
  usedText: string;
  cutoutChoice: (typeof uploadCutouts.$inferSelect)['choice'] | null;
  cutoutFramed: boolean | null;
  inUse: boolean;
};

const RECENT = `u.id, u.role, u.original_name as "originalName", u.source_url as "sourceUrl",
  u.content_type as "contentType", u.created_at as "createdAt", u.last_used_at as "lastUsedAt",
  u.last_used_at::text as "usedText", c.choice as "cutoutChoice", c.framed as "cutoutFramed",
  ${inUse('u')} as "inUse"`;

/** The user's unexpired uploads of `role`, last used first, from after the cursor's row. */
export async function listRecent(
  db: Queryable,
  userId: string,
  query: { role: UploadRole; after: { usedAt: string; id: string } | null; limit: number },
): Promise<RecentRow[]> {
  return db.query<RecentRow>(
    `select ${RECENT} from uploads u left join upload_cutouts c on c.upload_id = u.id
     where u.user_id = $1 and u.role = $2 and ${notExpired('u')}
       and ($3::timestamptz is null or (u.last_used_at, u.id) < ($3::timestamptz, $4::uuid))
     order by u.last_used_at desc, u.id desc limit $5`,
    [userId, query.role, query.after?.usedAt ?? null, query.after?.id ?? null, query.limit],
  );
}

/** One of the user's unexpired uploads, as the pickers list it. */
export async function findRecent(db: Queryable, userId: string, id: string): Promise<RecentRow | undefined> {
  const [row] = await db.query<RecentRow>(
    `select ${RECENT} from uploads u left join upload_cutouts c on c.upload_id = u.id
     where u.id = $1 and u.user_id = $2 and ${notExpired('u')}`,
    [id, userId],
  );
  return row;
}

/**
 * Deletes the user's upload (its cut-out goes by cascade); with `onlyIfNotUsedSince`, only if it has
 * not been used since it was stored. Answers its files, or undefined when nothing was deleted. Remove
 * the files once the transaction this runs in has committed.
 */
export async function deleteOwn(
  db: Queryable,
  id: string,
  userId: string,
  { onlyIfNotUsedSince = false } = {},
): Promise<UploadFiles | undefined> {
  const [row] = await db.query<UploadFiles>(
    `with gone as (delete from uploads where id = $1 and user_id = $2
                     ${onlyIfNotUsedSince ? 'and last_used_at = created_at' : ''}
                   returning id, storage_key)
     select gone.storage_key as "storageKey", c.mask_key as "maskKey", c.preview_key as "previewKey",
       c.base_mask_key as "baseMaskKey"
     from gone left join upload_cutouts c on c.upload_id = gone.id`,
    [id, userId],
  );
  return row;
}

/** Serialises one user's uploads until the transaction ends (the quota, the same file twice). */
export async function lockUserUploads(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('uploads:' || $1))`, [userId]);
}

/** Bytes of uploads the user keeps. */
export async function usedBytes(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ bytes: number | string }>(
    `select coalesce(sum(size_bytes), 0)::bigint as bytes from uploads where user_id = $1`,
    [userId],
  );
  return Number(row?.bytes ?? 0);
}

/** What storing an upload answers. */
export type StoredRow = Pick<UploadRecord, 'id' | 'contentType' | 'sizeBytes' | 'createdAt'>;
const STORED = `id, content_type as "contentType", size_bytes as "sizeBytes", created_at as "createdAt"`;

type Sent = { originalName: string | null; sourceUrl: string | null; role: UploadRole | null };

/**
 * The same file (by SHA-256) already stored for the same role and not expired: marked used now, with
 * the new name. Undefined when there is none.
 */
export async function reuseSameFile(
  tx: Queryable,
  userId: string,
  sha256: string,
  sent: Sent,
): Promise<StoredRow | undefined> {
  // The role compared with = (or is null), so the (user, role, content) index finds the row.
  const [same] = await tx.query<StoredRow>(
    `update uploads set last_used_at = now(), original_name = $3, source_url = $4
     where id = (select id from uploads
                 where user_id = $1 and content_sha256 = $2
                   and ${sent.role === null ? 'role is null' : 'role = $5'} and ${notExpired()}
                 order by last_used_at desc limit 1)
     returning ${STORED}`,
    [userId, sha256, sent.originalName, sent.sourceUrl, ...(sent.role === null ? [] : [sent.role])],
  );
  return same;
}

export async function insert(
  tx: Queryable,
  upload: Sent &
    Pick<UploadRecord, 'userId' | 'storageKey' | 'contentType' | 'sizeBytes'> & { sha256: string },
): Promise<StoredRow> {
  const [inserted] = await tx.query<StoredRow>(
    `insert into uploads (user_id, storage_key, content_type, size_bytes, original_name, source_url, role,
                          content_sha256)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${STORED}`,
    [
      upload.userId,
      upload.storageKey,
      upload.contentType,
      upload.sizeBytes,
      upload.originalName,
      upload.sourceUrl,
      upload.role,
      upload.sha256,
    ],
  );
  return inserted!;
}

/** The user's upload, locked until the transaction ends: its role and whether it has expired. */
export async function lockOwn(
  tx: Queryable,
  userId: string,
  id: string,
): Promise<{ role: UploadRecord['role']; fresh: boolean } | undefined> {
  const [upload] = await tx.query<{ role: UploadRecord['role']; fresh: boolean }>(
    `select role, ${notExpired()} as fresh from uploads where id = $1 and user_id = $2 for update`,
    [id, userId],
  );
  return upload;
}

/** Marks the user's upload used now: its time of keeping starts again. */
export async function markUsed(db: Queryable, userId: string, id: string): Promise<void> {
  await db.query(`update uploads set last_used_at = now() where id = $1 and user_id = $2`, [id, userId]);
}
