/**
 * Every statement on generation_edits: the image editor's saved document of one image of a result.
 */
import type { EditorDocument } from '@vitrine/shared/api/editor';
import type { Queryable } from '../../db/client';
import type { generationEdits } from '../../db/schema';
import { notExpired } from '../uploads/repository';

type EditRecord = typeof generationEdits.$inferSelect;

export type SavedEdit = Pick<EditRecord, 'savedAt' | 'version'> & {
  document: EditorDocument;
  /** The document's logo is an upload still kept. */
  logoAvailable: boolean;
};

export async function find(db: Queryable, resultId: string, image: number): Promise<SavedEdit | undefined> {
  const [row] = await db.query<SavedEdit>(
    `select e.document, e.saved_at as "savedAt", e.version, u.id is not null as "logoAvailable"
     from generation_edits e
     left join uploads u on u.id = e.logo_upload_id and ${notExpired('u')}
     where e.result_id = $1 and e.image_index = $2`,
    [resultId, image],
  );
  return row;
}

/** Serialises one user's saves until the transaction ends. */
export async function lockUserEdits(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`generation-edits:${userId}`]);
}

/** The saved document's logo and version, locked until the transaction ends. */
export async function lockCurrent(
  tx: Queryable,
  resultId: string,
  image: number,
): Promise<Pick<EditRecord, 'logoUploadId' | 'version'> | undefined> {
  const [previous] = await tx.query<Pick<EditRecord, 'logoUploadId' | 'version'>>(
    `select logo_upload_id as "logoUploadId", version from generation_edits
      where result_id = $1 and image_index = $2 for update`,
    [resultId, image],
  );
  return previous;
}

/** Stores the document in place of the image's previous one; answers when it was saved. */
export async function save(
  tx: Queryable,
  edit: Pick<EditRecord, 'resultId' | 'imageIndex' | 'userId' | 'logoUploadId' | 'version'> & {
    document: EditorDocument;
  },
): Promise<Date> {
  const [saved] = await tx.query<Pick<EditRecord, 'savedAt'>>(
    `insert into generation_edits
       (result_id, image_index, user_id, document, logo_upload_id, saved_at, version)
     values ($1, $2, $3, $4, $5, now(), $6)
     on conflict (result_id, image_index) do update
       set document = excluded.document, logo_upload_id = excluded.logo_upload_id, saved_at = now(),
           version = excluded.version
     returning saved_at as "savedAt"`,
    [
      edit.resultId,
      edit.imageIndex,
      edit.userId,
      JSON.stringify(edit.document),
      edit.logoUploadId,
      edit.version,
    ],
  );
  return saved!.savedAt;
}
