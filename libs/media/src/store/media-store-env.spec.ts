import path from 'node:path';
import { LocalMediaStore } from './local-media-store';
import { createMediaStore, MediaStoreEnvSchema as Schema } from './media-store-env';
import { S3MediaStore } from './s3-media-store';

describe('the media store settings', () => {
  it('default to the local disk under data/media of the working directory: npm start needs nothing more', () => {
    const env = Schema.parse({});
    expect(env).toMatchObject({ MEDIA_STORE: 'local', MEDIA_STORE_DIR: 'data/media' });
    expect(createMediaStore(env, '/srv/platform')).toBeInstanceOf(LocalMediaStore);
  });

  it('build an S3 store from its bucket, endpoint and keys', () => {
    const env = Schema.parse({
      MEDIA_STORE: 's3',
      MEDIA_S3_BUCKET: 'photos',
      MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000',
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      MEDIA_S3_ACCESS_KEY_ID: 'minio',
      MEDIA_S3_SECRET_ACCESS_KEY: 'minio-secret',
    });
    expect(env).toMatchObject({ MEDIA_S3_REGION: 'us-east-1', MEDIA_S3_FORCE_PATH_STYLE: true });
    expect(createMediaStore(env, path.sep)).toBeInstanceOf(S3MediaStore);
  });

  it.each([
    [{ MEDIA_STORE: 's3' }, 'MEDIA_S3_BUCKET'],
    [
      { MEDIA_STORE: 's3', MEDIA_S3_BUCKET: 'bucket', MEDIA_S3_ACCESS_KEY_ID: 'only-one' },
      'MEDIA_S3_SECRET_ACCESS_KEY',
    ],
    [{ MEDIA_STORE: 'ftp' }, 'MEDIA_STORE'],
    [{ MEDIA_STORE: 's3', MEDIA_S3_BUCKET: 'bucket', MEDIA_S3_ENDPOINT: 'not a url' }, 'MEDIA_S3_ENDPOINT'],
    [{ MEDIA_S3_FORCE_PATH_STYLE: 'maybe' }, 'MEDIA_S3_FORCE_PATH_STYLE'],
  ])('refuse %p, naming %s', (input, variable) => {
    const result = Schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(variable);
  });
});
