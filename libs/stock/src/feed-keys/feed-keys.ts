import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { DealershipEntity, FeedKeyEntity } from '@platform/db';

const KEY_PREFIX = 'fk_';

/** Keys are 32 random bytes, so a fast SHA-256 is a safe way to store them (no guessing to slow down). */
export const hashFeedKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

export type FeedKeyCheck =
  { ok: true; dealershipId: number } | { ok: false; reason: 'missing' | 'unknown' | 'other-dealership' };

/** Issues, revokes and checks dealership feed keys. Only hashes are stored; a key is shown once. */
export class FeedKeys {
  constructor(private readonly dataSource: DataSource) {}

  /** Creates a key for a dealership; null when the dealership does not exist. */
  async issue(dealershipSlug: string): Promise<{ id: number; key: string; prefix: string } | null> {
    const dealership = await this.dataSource
      .getRepository(DealershipEntity)
      .findOne({ where: { slug: dealershipSlug } });
    if (!dealership) return null;
    const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const prefix = key.slice(0, KEY_PREFIX.length + 6);
    const saved = await this.dataSource
      .getRepository(FeedKeyEntity)
      .save({ dealership_id: dealership.id, key_hash: hashFeedKey(key), key_prefix: prefix, revoked_at: null });
    return { id: saved.id, key, prefix };
  }

  /** Revokes every active key of a dealership (or one key by id); returns how many; null for an unknown dealership. */
  async revoke(dealershipSlug: string, keyId?: number): Promise<number | null> {
    const dealership = await this.dataSource
      .getRepository(DealershipEntity)
      .findOne({ where: { slug: dealershipSlug } });
    if (!dealership) return null;
    const [{ n }] = (await this.dataSource.query(
      `WITH revoked AS (UPDATE feed_keys SET revoked_at = now() WHERE dealership_id = $1 AND revoked_at IS NULL AND ($2::int IS NULL OR id = $2) RETURNING id)
       SELECT count(*)::int AS n FROM revoked`,
      [dealership.id, keyId ?? null],
    )) as [{ n: number }];
    return n;
  }

  /** Checks a presented key against the dealership it is used for. */
  async check(presented: string | undefined, dealershipId: number): Promise<FeedKeyCheck> {
    if (!presented) return { ok: false, reason: 'missing' };
    const key = await this.activeKey(presented);
    if (!key) return { ok: false, reason: 'unknown' };
    if (key.dealership_id !== dealershipId) return { ok: false, reason: 'other-dealership' };
    return { ok: true, dealershipId };
  }

  /** The dealership a presented key belongs to (for endpoints addressed by feed run id). */
  async dealershipOf(presented: string | undefined): Promise<number | null> {
    return presented ? ((await this.activeKey(presented))?.dealership_id ?? null) : null;
  }

  private activeKey(presented: string): Promise<FeedKeyEntity | null> {
    return this.dataSource
      .getRepository(FeedKeyEntity)
      .createQueryBuilder('k')
      .where('k.key_hash = :hash AND k.revoked_at IS NULL', { hash: hashFeedKey(presented) })
      .getOne();
  }
}
