import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { contentTypeOf, parsePhotoKey, type ParsedPhotoKey } from '@platform/domain';

export interface StoredObjectInfo {
  key: string;
  size: number;
  contentType: string;
}

export interface StoredObject extends StoredObjectInfo {
  /** The bytes, streamed: a reader never holds a whole photo in memory to serve it. */
  body: Readable;
}

/**
 * Where photo originals and their variants live, by content-addressed key
 * (`<sha256>/original.<ext>`, `<sha256>/<variant>.<ext>`, see libs/domain photo-variants). A
 * key's content never changes meaning, so a put of an existing key is a harmless overwrite and
 * readers may cache forever. Adapters: the local disk (default) and any S3-compatible store.
 */
export interface MediaStore {
  /** Stores the bytes whole or not at all: no reader ever sees part of an object. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  head(key: string): Promise<StoredObjectInfo | null>;
  get(key: string): Promise<StoredObject | null>;
  /** Removes the key; a missing key is no error. */
  delete(key: string): Promise<void>;
}

/** A key the platform did not name, or an original whose bytes are not its hash: a bug, never input to pass on. */
export class InvalidMediaKey extends Error {
  override name = 'InvalidMediaKey';
}

/** The key read back, or InvalidMediaKey: the one gate every adapter puts in front of its storage. */
export function checkedKey(key: string): ParsedPhotoKey & { contentType: string } {
  const parsed = typeof key === 'string' ? parsePhotoKey(key) : null;
  if (!parsed) throw new InvalidMediaKey(`Not a media key: ${JSON.stringify(String(key).slice(0, 120))}`);
  return { ...parsed, contentType: contentTypeOf(parsed.format) };
}

/** Checks a put: the key is one the platform names, and an original's bytes hash to it. */
export function checkedPut(key: string, bytes: Uint8Array): ParsedPhotoKey & { contentType: string } {
  const parsed = checkedKey(key);
  if (parsed.variant === 'original' && createHash('sha256').update(bytes).digest('hex') !== parsed.hash)
    throw new InvalidMediaKey(`The bytes put at ${key} do not hash to its name`);
  return parsed;
}

/**
 * The platform's own store failed (a full disk, an I/O error, S3 answering 5xx or throttling, the
 * store unreachable): never the dealer's doing, so never recorded against their photo host. `code`
 * names it for logs, metrics and the photo's note (storeFailureCode).
 */
export class MediaStoreFailed extends Error {
  override name = 'MediaStoreFailed';
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A short name for what a store call threw: the errno code of a disk (ENOSPC, EIO, EDQUOT, EROFS),
 * the error name of S3 (SlowDown, ServiceUnavailable, InternalError, AccessDenied) or its HTTP status
 * (s3-503), the socket error of a store out of reach (ECONNREFUSED), or 'error'.
 */
export function storeFailureCode(error: unknown): string {
  if (error instanceof MediaStoreFailed) return error.code;
  const found = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  if (typeof found?.code === 'string' && /^[A-Z][A-Z0-9_]{1,30}$/.test(found.code)) return found.code;
  const status = found?.$metadata?.httpStatusCode;
  const name = typeof found?.name === 'string' ? found.name : '';
  if (/^[A-Za-z][A-Za-z0-9]{1,40}$/.test(name) && !['Error', 'S3ServiceException', 'TypeError'].includes(name))
    return name;
  if (typeof status === 'number') return `s3-${status}`;
  return 'error';
}

/** What a store call threw, as a MediaStoreFailed (a key the platform did not name is a bug, and is thrown as it is). */
export function asStoreFailure(error: unknown): MediaStoreFailed | InvalidMediaKey {
  if (error instanceof MediaStoreFailed || error instanceof InvalidMediaKey) return error;
  const code = storeFailureCode(error);
  const detail = error instanceof Error ? error.message : String(error);
  return new MediaStoreFailed(code, `The media store failed (${code}): ${detail}`.slice(0, 400), { cause: error });
}
