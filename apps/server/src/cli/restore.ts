/** `npm run restore -- --in FILE`: a backup into the empty instance the configuration names (docs/decisions/067). */
import fs from 'node:fs';
import { BackupError } from '../backup/instance';
import { restoreBackup } from '../backup/restore-backup';
import { fileArgument, loadConfig, openInstance, runCommand } from './operator';

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
      summary.secretRestored
        ? 'the auth secret was restored into DATA_DIR'
        : 'the auth secret was not restored: use the same AUTH_SECRET as the backed-up instance',
    ].join('\n');
  } finally {
    await instance.close();
  }
});
