import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { originalKey, variantKey } from '@platform/domain';
import { InvalidMediaKey, type MediaStore } from '../media-store';

export interface StoreTarget {
  store: MediaStore;
  teardown(): Promise<void>;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

async function readAll(body: Readable | undefined): Promise<Buffer> {
  if (!body) throw new Error('The store answered no body');
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A photo's bytes and its content-addressed key (random, so runs never meet). */
function photo(size = 2048): { bytes: Buffer; hash: string; key: string } {
  const bytes = randomBytes(size);
  const hash = sha256(bytes);
  return { bytes, hash, key: originalKey(hash, 'jpeg') };
}

/**
 * What every MediaStore does. Both adapters run it: the local disk always, S3 against a local
 * S3-speaking server (or skipped, saying why).
 */
export function mediaStoreContract(
  createTarget: () => Promise<StoreTarget>,
  /** Why this server cannot keep an object whole under concurrent writes, when it cannot (a stand-in, not S3). */
  options: { concurrentPutsSkipped?: string } = {},
): void {
  let target: StoreTarget;
  let store: MediaStore;

  beforeAll(async () => {
    target = await createTarget();
    store = target.store;
  });
  afterAll(async () => {
    await target?.teardown();
  });

  it('stores bytes under their key and streams them back with their size and type', async () => {
    const { bytes, key } = photo(300_000);
    await store.put(key, bytes);
    expect(await store.head(key)).toEqual({ key, size: bytes.length, contentType: 'image/jpeg' });
    const object = await store.get(key);
    expect(object).toMatchObject({ key, size: bytes.length, contentType: 'image/jpeg' });
    expect((await readAll(object?.body)).equals(bytes)).toBe(true);
  });

  it('takes each variant format with its content type', async () => {
    const { hash } = photo();
    const cases = [
      [variantKey(hash, 'w480', 'avif'), 'image/avif'],
      [variantKey(hash, 'w480', 'webp'), 'image/webp'],
      [variantKey(hash, 'og', 'jpeg'), 'image/jpeg'],
    ] as const;
    for (const [key, contentType] of cases) {
      // A variant's bytes are not its hash's (it is named for its original's).
      await store.put(key, randomBytes(100));
      expect(await store.head(key)).toMatchObject({ key, contentType, size: 100 });
    }
    for (const [format, contentType] of [
      ['png', 'image/png'],
      ['gif', 'image/gif'],
      ['webp', 'image/webp'],
      ['avif', 'image/avif'],
    ] as const) {
      const bytes = randomBytes(50);
      const key = originalKey(sha256(bytes), format);
      await store.put(key, bytes);
      expect(await store.head(key)).toMatchObject({ key, contentType, size: 50 });
    }
  });

  it('answers null for a key it does not hold', async () => {
    const { key } = photo();
    expect(await store.head(key)).toBeNull();
    expect(await store.get(key)).toBeNull();
  });

  it('puts the same content twice without harm, and the last put of a key wins', async () => {
    const { bytes, key, hash } = photo();
    await store.put(key, bytes);
    await store.put(key, bytes);
    expect((await store.head(key))?.size).toBe(bytes.length);
    const variant = variantKey(hash, 'w160', 'webp');
    await store.put(variant, Buffer.from('first'));
    await store.put(variant, Buffer.from('second, longer'));
    expect((await readAll((await store.get(variant))?.body)).toString()).toBe('second, longer');
  });

  const concurrentPuts = 'never shows a half-written object: concurrent puts of one key each leave it whole';
  if (options.concurrentPutsSkipped) {
    process.stdout.write(`MediaStore contract: '${concurrentPuts}' skipped: ${options.concurrentPutsSkipped}\n`);
    it.skip(`${concurrentPuts} (skipped: ${options.concurrentPutsSkipped})`, () => undefined);
  } else
    it(concurrentPuts, async () => {
      const { hash } = photo();
      const key = variantKey(hash, 'w1600', 'jpeg');
      const bodies = [randomBytes(200_000), randomBytes(150_000), randomBytes(250_000)];
      await Promise.all(bodies.map((body) => store.put(key, body)));
      const stored = await readAll((await store.get(key))?.body);
      expect(bodies.some((body) => body.equals(stored))).toBe(true);
    });

  it('deletes a key, and deleting a missing key is no error', async () => {
    const { bytes, key } = photo();
    await store.put(key, bytes);
    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('refuses an original whose bytes are not its hash', async () => {
    const { key } = photo();
    await expect(store.put(key, randomBytes(64))).rejects.toThrow(InvalidMediaKey);
    expect(await store.head(key)).toBeNull();
  });

  it('refuses every key it did not name, so no key reaches outside the store', async () => {
    const hash = 'a'.repeat(64);
    for (const key of [
      '../../etc/passwd',
      `${hash}/../../../etc/passwd`,
      `${hash}/original.exe`,
      `/${hash}/w480.jpg`,
      `${hash}/w480.jpg/..`,
      `${hash}\\w480.jpg`,
      '',
      `${hash}/w480.jpg\0`,
    ]) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(InvalidMediaKey);
      await expect(store.get(key)).rejects.toThrow(InvalidMediaKey);
      await expect(store.head(key)).rejects.toThrow(InvalidMediaKey);
      await expect(store.delete(key)).rejects.toThrow(InvalidMediaKey);
    }
  });
}
