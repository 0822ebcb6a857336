import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { checkedKey, checkedPut, type MediaStore, type StoredObject, type StoredObjectInfo } from './media-store';

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * The default MediaStore: files under one folder, `<first two hex>/<sha256>/<file>` so no folder
 * grows past a few thousand entries. Writes go to a temporary file in the same folder, are flushed
 * and renamed into place, so a crash or a concurrent reader never sees a partial photo.
 */
export class LocalMediaStore implements MediaStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    const { hash } = checkedKey(key);
    const file = path.join(this.root, hash.slice(0, 2), key);
    // The key's pattern already rules out '..' and separators; this holds even if that changes.
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Media key ${key} resolves outside the store`);
    return file;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    checkedPut(key, bytes);
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${path.dirname(file)}/.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    await handle.close();
    try {
      await rename(temporary, file);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    const { contentType } = checkedKey(key);
    const handle = await open(this.pathOf(key), 'r').catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!handle) return null;
    try {
      return { key, size: (await handle.stat()).size, contentType };
    } finally {
      await handle.close();
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const { contentType } = checkedKey(key);
    // Opened before it is measured, so a delete in between cannot split the answer from the bytes.
    const handle = await open(this.pathOf(key), 'r').catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const { size } = await handle.stat();
      return { key, size, contentType, body: handle.createReadStream({ autoClose: true }) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await unlink(file).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
    // The photo's folder goes with its last file; one that still holds others stays.
    await rmdir(path.dirname(file)).catch(() => undefined);
  }
}
