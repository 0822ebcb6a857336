import path from 'node:path';
import { z } from 'zod';
import { LocalMediaStore } from './local-media-store';
import type { MediaStore } from './media-store';
import { createS3Client, S3MediaStore } from './s3-media-store';

const flag = z
  .enum(['true', 'false', '1', '0'], { error: "Use 'true' or 'false'" })
  .transform((value) => value === 'true' || value === '1');

/** Where photos are stored: the process environment's part, for the api's and worker's schemas. */
export const MediaStoreEnvShape = {
  /** local: files under MEDIA_STORE_DIR (one machine); s3: an S3-compatible bucket (several). */
  MEDIA_STORE: z.enum(['local', 's3'], { error: "MEDIA_STORE must be 'local' or 's3'" }).default('local'),
  /** The local store's folder, relative to the working directory (npm start's is the repository). */
  MEDIA_STORE_DIR: z.string().min(1).default('data/media'),
  MEDIA_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'MEDIA_S3_BUCKET must be a bucket name')
    .optional(),
  /** Unset for AWS; the endpoint of Cloudflare R2 or MinIO. */
  MEDIA_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'MEDIA_S3_ENDPOINT must be an http(s) URL' }).optional(),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  /** true for MinIO and most self-hosted servers (bucket in the path, not the host name). */
  MEDIA_S3_FORCE_PATH_STYLE: flag.default(false),
  /** Both or neither; neither uses the SDK's own chain (AWS_* variables, an instance or task role). */
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Put before every key, so one bucket can hold other things too. */
  MEDIA_S3_PREFIX: z
    .string()
    .regex(/^(?:[A-Za-z0-9_-]+\/)*$/, "MEDIA_S3_PREFIX must be folder names each ending in '/'")
    .default(''),
};

/** The settings alone, checked: for a tool that needs a store and nothing else of the environment. */
export const MediaStoreEnvSchema = z
  .object(MediaStoreEnvShape)
  .superRefine((env, context) => checkMediaStoreEnv(env, context));
export type MediaStoreEnv = z.output<ReturnType<typeof z.object<typeof MediaStoreEnvShape>>>;

/** What the shape cannot say field by field; add it to a schema with superRefine. */
export function checkMediaStoreEnv(env: MediaStoreEnv, context: z.RefinementCtx): void {
  if (env.MEDIA_STORE === 's3' && !env.MEDIA_S3_BUCKET)
    context.addIssue({ code: 'custom', path: ['MEDIA_S3_BUCKET'], message: 'MEDIA_STORE=s3 needs MEDIA_S3_BUCKET' });
  if (Boolean(env.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(env.MEDIA_S3_SECRET_ACCESS_KEY))
    context.addIssue({
      code: 'custom',
      path: [env.MEDIA_S3_ACCESS_KEY_ID ? 'MEDIA_S3_SECRET_ACCESS_KEY' : 'MEDIA_S3_ACCESS_KEY_ID'],
      message: 'Set MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY together, or neither',
    });
}

/** The store the settings name; `workingDirectory` resolves a relative MEDIA_STORE_DIR. */
export function createMediaStore(env: MediaStoreEnv, workingDirectory = process.cwd()): MediaStore {
  if (env.MEDIA_STORE === 'local') return new LocalMediaStore(path.resolve(workingDirectory, env.MEDIA_STORE_DIR));
  if (!env.MEDIA_S3_BUCKET) throw new Error('MEDIA_STORE=s3 needs MEDIA_S3_BUCKET');
  return new S3MediaStore({
    client: createS3Client({
      endpoint: env.MEDIA_S3_ENDPOINT,
      region: env.MEDIA_S3_REGION,
      forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE,
      accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
      secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
    }),
    bucket: env.MEDIA_S3_BUCKET,
    prefix: env.MEDIA_S3_PREFIX,
  });
}
