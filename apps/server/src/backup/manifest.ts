/**
 * A backup archive's table of contents (docs/decisions/067), its last entry: what made it, the
 * database's migration level, and every other entry with its size and SHA-256, so that a restore
 * checks the whole archive before it writes anything.
 */
import { z } from 'zod';
import { assertKey } from '../modules/storage/storage';

/** Raised when an archive's format changes so that an older version could not read it. */
export const BACKUP_FORMAT = 1;

export const MANIFEST_NAME = 'manifest.json';
export const tableEntry = (table: string) => `db/${table}.jsonl`;
export const fileEntry = (key: string) => `files/${key}`;
export const AUTH_SECRET_ENTRY = 'data/auth-secret';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const size = z.number().int().min(0);
/** Names and keys go into SQL and storage: only what our own backups write is read. */
const identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'not a table or column name');
const storageKey = z.string().refine((key) => {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
}, 'not a storage key');

const contents = z.object({
  app: z.object({ name: z.literal('vitrine'), version: z.string() }),
  createdAt: z.iso.datetime({ offset: true }),
  source: z.object({ database: z.enum(['pglite', 'postgres']), storage: z.string() }),
  migrations: z.object({ count: z.number().int().min(0), last: z.string().nullable() }),
  /** Where the instance's auth secret was: in the archive, or AUTH_SECRET (the operator keeps it). */
  authSecret: z.enum(['archived', 'environment']),
  /** In the order a restore writes them. */
  tables: z.array(
    z.object({ name: identifier, columns: z.array(identifier).min(1), rows: size, size, sha256 }),
  ),
  fileCount: size,
  files: z.array(z.object({ key: storageKey, size, sha256 })),
  secret: z.object({ size, sha256 }).nullable(),
});

export type Manifest = { format: number } & z.infer<typeof contents>;

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

/** The manifest, once its format is known to this version; anything else is a refusal with its reason. */
export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ArchiveError('its manifest is not JSON');
  }
  const format = z.object({ format: z.number().int().min(1) }).safeParse(json);
  if (!format.success) throw new ArchiveError('its manifest has no format version');
  if (format.data.format > BACKUP_FORMAT) {
    throw new ArchiveError(
      `it was made by a newer Vitrine (archive format ${format.data.format}; this version reads up to ${BACKUP_FORMAT}): restore it with that version or a later one`,
    );
  }
  const parsed = contents.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ArchiveError(`its manifest is malformed (${issue?.path.join('.')}: ${issue?.message})`);
  }
  if (parsed.data.fileCount !== parsed.data.files.length)
    throw new ArchiveError('its manifest counts its files wrong');
  return { format: format.data.format, ...parsed.data };
}

/** Every entry the manifest names, with what its bytes must be. */
export function expectedEntries(manifest: Manifest): Map<string, { size: number; sha256: string }> {
  const entries = new Map<string, { size: number; sha256: string }>();
  for (const table of manifest.tables) entries.set(tableEntry(table.name), table);
  for (const file of manifest.files) entries.set(fileEntry(file.key), file);
  if (manifest.secret) entries.set(AUTH_SECRET_ENTRY, manifest.secret);
  return entries;
}
