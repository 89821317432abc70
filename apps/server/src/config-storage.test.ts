import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { refusalOf } from '../test/helpers/config-refusal';

const s3 = {
  STORAGE: 's3',
  S3_ENDPOINT: 'http://localhost:9000',
  S3_BUCKET: 'vitrine-files',
  S3_ACCESS_KEY_ID: 'access',
  S3_SECRET_ACCESS_KEY: 'a-secret-key-of-some-length',
};

const issues = (env: Record<string, string>) => refusalOf(env)?.issues ?? [];

describe('storage configuration', () => {
  it('keeps files under DATA_DIR by default (STORAGE=local)', () => {
    expect(parseConfig({}).storage).toEqual({ kind: 'local' });
    expect(parseConfig({ STORAGE: '' }).storage).toEqual({ kind: 'local' });
  });

  it('STORAGE=s3 takes the endpoint, bucket and keys, region us-east-1 and host-style addresses by default', () => {
    expect(parseConfig(s3).storage).toEqual({
      kind: 's3',
      endpoint: 'http://localhost:9000',
      bucket: 'vitrine-files',
      region: 'us-east-1',
      credentials: { accessKeyId: 'access', secretAccessKey: 'a-secret-key-of-some-length' },
      forcePathStyle: false,
    });
  });

  it('takes another region and path-style addresses (MinIO and most self-hosted servers)', () => {
    const config = parseConfig({ ...s3, S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.storage).toMatchObject({ region: 'eu-west-3', forcePathStyle: true });
  });

  it('without an endpoint or keys, uses AWS S3 and the usual credential chain', () => {
    const config = parseConfig({ STORAGE: 's3', S3_BUCKET: 'vitrine-files' });
    expect(config.storage).toMatchObject({ kind: 's3', endpoint: undefined, credentials: undefined });
  });

  it('STORAGE=s3 needs a bucket, and both keys or neither', () => {
    expect(issues({ STORAGE: 's3' })).toEqual(['S3_BUCKET: is required with STORAGE=s3 (got nothing)']);
    expect(issues({ ...s3, S3_SECRET_ACCESS_KEY: '' })[0]).toMatch(
      /^S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
  });

  it('refuses an unknown STORAGE, a bad endpoint, bucket name or path-style flag', () => {
    const keys = issues({
      ...s3,
      STORAGE: 'ftp',
      S3_ENDPOINT: 'minio:9000',
      S3_BUCKET: 'Not_A_Bucket',
      S3_FORCE_PATH_STYLE: 'yes',
    }).map((issue) => issue.split(':')[0]);
    expect(keys.sort()).toEqual(['S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'STORAGE']);
  });

  it('S3 settings without STORAGE=s3 are refused rather than silently ignored', () => {
    const { STORAGE: _, ...settings } = s3;
    expect(issues(settings).map((issue) => issue.split(':')[0])).toEqual([
      'S3_ENDPOINT',
      'S3_BUCKET',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ]);
  });

  it('never prints the secret key, even a bad one', () => {
    const message = issues({ ...s3, S3_ACCESS_KEY_ID: '' }).join('\n');
    expect(message).toContain('a hidden value of 27 characters');
    expect(message).not.toContain('a-secret-key-of-some-length');
  });
});
