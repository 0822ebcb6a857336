import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { checkedKey, checkedPut, type MediaStore, type StoredObject, type StoredObjectInfo } from './media-store';

export interface S3Settings {
  /** Unset for AWS itself; the account's endpoint for Cloudflare R2, the server's for MinIO. */
  endpoint?: string;
  region: string;
  /** Bucket in the path rather than the host name: MinIO and most self-hosted servers need it. */
  forcePathStyle?: boolean;
  /** Unset: the SDK's own chain (AWS_* variables, an instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * The official AWS SDK v3 client. Checksums only where an operation requires them: the SDK's newer
 * default (a CRC32 trailer on every upload) is not understood by every S3-compatible store.
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle ?? false,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

const isNotFound = (error: unknown): boolean =>
  error instanceof S3ServiceException
    ? error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound'
    : false;

/** Objects in one bucket of an S3-compatible store (AWS S3, Cloudflare R2, MinIO), for more than one machine. */
export class S3MediaStore implements MediaStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: { client: S3Client; bucket: string; prefix?: string }) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const { contentType } = checkedPut(key, bytes);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.prefix + key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
        // A content-addressed object never changes, so a CDN or website endpoint in front may keep it for good.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    const { contentType } = checkedKey(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      return { key, size: answer.ContentLength ?? 0, contentType };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const { contentType } = checkedKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      return { key, size: answer.ContentLength ?? 0, contentType, body: answer.Body as Readable };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkedKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
  }
}
