import { createHash, randomBytes } from 'node:crypto';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { DealershipEntity, FeedKeyEntity } from '@platform/db';

const KEY_PREFIX = 'fk_';

/** Keys are 32 random bytes, so a fast SHA-256 is a safe way to store them (no guessing to slow down). */
export const hashFeedKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** A key as its dealership sees it: never the secret nor its hash. */
export interface FeedKeySummary {
  id: number;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export type FeedKeyCheck =
  { ok: true; dealershipId: number } | { ok: false; reason: 'missing' | 'unknown' | 'other-dealership' };

/** Issues, revokes and checks dealership feed keys. Only hashes are stored; a key is shown once. */
export class FeedKeys {
  constructor(private readonly dataSource: DataSource) {}

  /** Creates a key for a dealership; null when the dealership does not exist or is retired (it takes no stock). */
  async issue(dealershipSlug: string): Promise<{ id: number; key: string; prefix: string } | null> {
    const dealership = await this.dataSource
      .getRepository(DealershipEntity)
      .findOne({ where: { slug: dealershipSlug, retired_at: IsNull() } });
    if (!dealership) return null;
    return this.issueFor(this.dataSource.manager, dealership.id);
  }

  /** Creates a key for a dealership known to exist, in the caller's transaction (the console's audit record beside it). */
  async issueFor(manager: EntityManager, dealershipId: number): Promise<{ id: number; key: string; prefix: string }> {
    const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const prefix = key.slice(0, KEY_PREFIX.length + 6);
    const saved = await manager
      .getRepository(FeedKeyEntity)
      .save({ dealership_id: dealershipId, key_hash: hashFeedKey(key), key_prefix: prefix, revoked_at: null });
    return { id: saved.id, key, prefix };
  }

  /** Revokes every active key of a dealership (or one key by id); returns how many; null for an unknown dealership. */
  async revoke(dealershipSlug: string, keyId?: number): Promise<number | null> {
    const dealership = await this.dataSource
      .getRepository(DealershipEntity)
      .findOne({ where: { slug: dealershipSlug } });
    if (!dealership) return null;
    return this.revokeFor(this.dataSource.manager, dealership.id, keyId);
  }

  /** Revokes a dealership's active keys (or one), in the caller's transaction; returns how many. */
  async revokeFor(manager: EntityManager, dealershipId: number, keyId?: number): Promise<number> {
    const [{ n }] = (await manager.query(
      `WITH revoked AS (UPDATE feed_keys SET revoked_at = now() WHERE dealership_id = $1 AND revoked_at IS NULL AND ($2::int IS NULL OR id = $2) RETURNING id)
       SELECT count(*)::int AS n FROM revoked`,
      [dealershipId, keyId ?? null],
    )) as [{ n: number }];
    return n;
  }

  /** The keys of some dealerships, active first, newest first. */
  async list(dealershipIds: readonly number[]): Promise<(FeedKeySummary & { dealershipId: number })[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, dealership_id, key_prefix, created_at, last_used_at, revoked_at FROM feed_keys
       WHERE dealership_id = ANY($1::int[]) ORDER BY revoked_at IS NOT NULL, created_at DESC, id DESC LIMIT 200`,
      [dealershipIds],
    )) as {
      id: number;
      dealership_id: number;
      key_prefix: string;
      created_at: Date;
      last_used_at: Date | null;
      revoked_at: Date | null;
    }[];
    return rows.map((row) => ({
      id: row.id,
      dealershipId: row.dealership_id,
      prefix: row.key_prefix,
      createdAt: row.created_at.toISOString(),
      lastUsedAt: row.last_used_at?.toISOString() ?? null,
      revokedAt: row.revoked_at?.toISOString() ?? null,
    }));
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

  private async activeKey(presented: string): Promise<FeedKeyEntity | null> {
    const key = await this.dataSource
      .getRepository(FeedKeyEntity)
      .createQueryBuilder('k')
      .where('k.key_hash = :hash AND k.revoked_at IS NULL', { hash: hashFeedKey(presented) })
      .getOne();
    // To the minute: a busy feed does not write the key's row on every push.
    if (key && (!key.last_used_at || Date.now() - key.last_used_at.getTime() > 60_000)) {
      await this.dataSource.query(
        `UPDATE feed_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
        [key.id],
      );
    }
    return key;
  }
}
