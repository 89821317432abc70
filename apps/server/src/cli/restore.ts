/** `npm run restore -- --in FILE`: a backup into the empty instance the configuration names (docs/decisions/067). */
import fs from 'node:fs';
import { BackupError } from '../backup/instance';
import { restoreBackup } from '../backup/restore-backup';
import { fileArgument, loadConfig, openInstance, runCommand } from './operator';

const SECRET_NOTES = {
  restored: 'the auth secret was restored into DATA_DIR',
  skipped:
    "the archive's auth secret was not written, AUTH_SECRET being set: sessions and signed links from before the backup are valid only if it is the same secret",
  environment: 'the backed-up instance used AUTH_SECRET: set the same AUTH_SECRET here',
} as const;

await runCommand('restore', async () => {
  const file = fileArgument(process.argv.slice(2), '--in');
  const config = loadConfig();
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  const instance = await openInstance(config, 'restore');
  try {
    const summary = await restoreBackup(instance, file);
    return [
      `restored ${summary.rows} rows of ${summary.tables} tables and ${summary.files} files into the ${instance.database.kind} database from ${file}`,
      ...(summary.interrupted
        ? [
            `${summary.interrupted} generations running when the backup was made were failed, their credit given back`,
          ]
        : []),
      SECRET_NOTES[summary.secret],
    ].join('\n');
  } finally {
    await instance.close();
  }
});
