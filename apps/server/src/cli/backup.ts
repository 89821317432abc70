/** `npm run backup -- --out FILE`: the instance the configuration names, in one archive (docs/decisions/067). */
import fs from 'node:fs';
import path from 'node:path';
import { createBackup } from '../backup/create-backup';
import { BackupError } from '../backup/instance';
import { VERSION } from '../lib/version';
import { fileArgument, loadConfig, openInstance, runCommand } from './operator';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

await runCommand('backup', async () => {
  const out = fileArgument(process.argv.slice(2), '--out');
  const config = loadConfig();
  if (!fs.existsSync(path.dirname(out))) throw new BackupError(`the folder of ${out} does not exist`);
  const instance = await openInstance(config, 'backup');
  try {
    const summary = await createBackup(instance, out, { version: VERSION });
    return `backed up ${summary.rows} rows of ${summary.tables} tables and ${summary.files} files (${megabytes(summary.bytes)}) from the ${instance.database.kind} database to ${out}`;
  } finally {
    await instance.close();
  }
});
