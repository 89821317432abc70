/**
 * `npm run storage:migrate`: copies DATA_DIR/storage into the bucket STORAGE=s3 names (the same
 * configuration as the server: environment or .env). Run it again after a failure or an interruption:
 * what is already copied is skipped. Exits 1 when a file could not be copied.
 */
import fs from 'node:fs';
import { ConfigError } from '../config';
import { assertStorageReachable, describeBucket } from '../modules/storage/create-storage';
import { migrateToBucket } from '../modules/storage/migrate';
import { createS3Client } from '../modules/storage/s3';
import { storageDir } from '../modules/storage/storage';
import { StartupError } from '../lib/startup-error';
import { loadConfig } from './operator';

function fail(message: string): never {
  process.stderr.write(`storage:migrate: ${message}\n`);
  process.exit(1);
}

function configOrFail() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

const config = configOrFail();
if (config.storage.kind !== 's3') fail('set STORAGE=s3 and the S3_* variables of the bucket to copy into.');
const root = storageDir(config.dataDir);
if (!fs.existsSync(root)) fail(`there is no local store to copy: ${root} does not exist.`);
try {
  await assertStorageReachable(config);
} catch (error) {
  if (error instanceof StartupError) fail(error.message);
  throw error;
}

const client = await createS3Client(config.storage);
process.stdout.write(`Copying ${root} into the ${describeBucket(config.storage)}\n`);
const summary = await migrateToBucket(
  root,
  { client, bucket: config.storage.bucket },
  (key, outcome, reason) => {
    if (outcome === 'failed') process.stderr.write(`failed: ${key}: ${reason}\n`);
  },
);
client.destroy();
const leftOut = summary.leftOut.length
  ? `; ${summary.leftOut.length} left out (unfinished writes or not storage keys): ${summary.leftOut.join(', ')}`
  : '';
process.stdout.write(
  `${summary.copied} copied and checked, ${summary.skipped} already in the bucket, ${summary.failed.length} failed${leftOut}\n`,
);
if (summary.failed.length > 0) {
  process.stdout.write('Run it again to retry the failed files: copied ones are skipped.\n');
  process.exit(1);
}
