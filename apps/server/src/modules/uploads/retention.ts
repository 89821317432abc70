import { UPLOAD_RETENTION_DAYS } from '@vitrine/shared/api/uploads';
import { UNUSED_UPLOAD_DAYS } from '../rate-limit/usage-limits';
import { uploadInUse } from '../generations/repository';

/**
 * SQL condition: the upload (table alias `alias`) is in use: a photo of a generation still running or
 * whose result is kept, or the logo of a saved image.
 */
export const inUse = (alias = 'uploads') =>
  `(${uploadInUse(alias)}
    or exists (select 1 from generation_edits e where e.logo_upload_id = ${alias}.id))`;

/**
 * SQL condition: the upload (table alias `alias`) has not expired at `now` (SQL): it was used within the
 * retention period, and within UNUSED_UPLOAD_DAYS unless it is in use. An expired upload is neither
 * listed, served, cut out nor generated from; the daily retention job deletes it.
 */
export const notExpired = (alias = 'uploads', now = 'now()') =>
  `(${alias}.last_used_at > ${now} - make_interval(days => ${UPLOAD_RETENTION_DAYS})
    and (${alias}.last_used_at > ${now} - make_interval(days => ${UNUSED_UPLOAD_DAYS}) or ${inUse(alias)}))`;
