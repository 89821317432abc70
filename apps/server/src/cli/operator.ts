/**
 * What the operator's commands share: the server's own configuration (.env and the environment), the
 * instance it names opened as the server opens it, and one clear line on stderr for anything refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, parseConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { lockDataDir, prepareDataDir, type DataDirLock } from '../lib/data-dir';
import { StartupError, describeError } from '../lib/startup-error';
import { createStorage } from '../modules/storage/create-storage';
import { ArchiveError } from '../backup/manifest';
import { BackupError, type Instance } from '../backup/instance';

export class UsageError extends Error {}

export function loadConfig(): Config {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  return parseConfig(process.env);
}

/**
 * `--out FILE` or `--in FILE`, resolved from the directory `npm run` was called in (npm runs scripts
 * from the repository's root).
 */
export function fileArgument(args: string[], flag: '--out' | '--in'): string {
  const usage = `usage: npm run ${flag === '--out' ? 'backup -- --out' : 'restore -- --in'} FILE`;
  const at = args.indexOf(flag);
  const value = at === -1 ? undefined : args[at + 1];
  if (!value || args.length !== 2) throw new UsageError(usage);
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), value);
}

export type OpenInstance = Instance & { close(): Promise<void> };

/**
 * The database and storage the configuration names. The embedded database is opened under the
 * DATA_DIR lock, so a running server (or another backup) makes this refuse rather than share it.
 */
export async function openInstance(config: Config, purpose: 'backup' | 'restore'): Promise<OpenInstance> {
  process.umask(0o077);
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    if (purpose === 'backup' && !fs.existsSync(path.join(config.dataDir, 'db')))
      throw new BackupError(`there is no embedded database in DATA_DIR ${config.dataDir}`);
    prepareDataDir(config.dataDir);
    try {
      lock = lockDataDir(config.dataDir);
    } catch (error) {
      if (!(error instanceof StartupError)) throw error;
      throw new BackupError(`Vitrine must be stopped first: ${error.message}`);
    }
  }
  try {
    const database = await openDatabase(config);
    return {
      database,
      // The storage the server uses: files under DATA_DIR/storage.
      storage: createStorage(config),
      storageKind: config.storage.kind,
      dataDir: config.dataDir,
      authSecretConfigured: Boolean(config.auth.secret),
      async close() {
        await database.close().catch(() => {});
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** Runs a command: what an operator can act on is one line and exit code 1, a usage mistake exit code 2. */
export async function runCommand(name: string, command: () => Promise<string>): Promise<void> {
  try {
    process.stdout.write(`${await command()}\n`);
    process.exit(0);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    const known =
      error instanceof BackupError ||
      error instanceof StartupError ||
      error instanceof ConfigError ||
      error instanceof ArchiveError;
    const message =
      error instanceof ArchiveError ? `the archive is refused: ${error.message}` : describeError(error);
    process.stderr.write(`vitrine ${name}: ${message}\n`);
    if (!known && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  }
}
