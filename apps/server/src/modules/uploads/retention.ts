import { UPLOAD_RETENTION_DAYS } from '@vitrine/shared/api/uploads';

/**
 * SQL condition: the upload (table alias `alias`) was used within the retention period. An expired
 * upload is neither listed, served, cut out nor generated from; the daily retention job deletes it.
 */
export const notExpired = (alias = 'uploads') =>
  `${alias}.last_used_at > now() - make_interval(days => ${UPLOAD_RETENTION_DAYS})`;
