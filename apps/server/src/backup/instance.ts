/** What a backup reads and a restore writes: one instance's database, file storage and data directory. */
import type { Database } from '../db/client';
import type { Storage } from '../modules/storage/storage';

export type Instance = {
  database: Database;
  storage: Storage;
  /** Which storage this is, for the manifest ('local', 's3'). */
  storageKind: string;
  /** DATA_DIR: where the auth secret is kept when AUTH_SECRET is not set. */
  dataDir: string;
  /** AUTH_SECRET is set: the secret is the operator's to keep, not the data directory's. */
  authSecretConfigured: boolean;
};

/** A refusal an operator can act on (printed as it is, exit code 1). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export const AUTH_SECRET_FILE = 'auth-secret';
