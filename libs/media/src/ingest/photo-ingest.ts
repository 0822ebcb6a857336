import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { EAGER_PHOTO_VARIANTS, photoHostOf, originalKey } from '@platform/domain';
import { guardedFetch, OutboundRefused, type OutboundAllowance } from '@platform/server-kit';
import { PHOTO_LIMITS, sniffPhoto, type PhotoLimits } from '../sniff/sniff-photo';
import { asStoreFailure, MediaStoreFailed, type MediaStore } from '../store/media-store';
import { PhotoUnreadable, uprightSize } from '../variants/generate-variants';
import { NO_MEDIA_METRICS, type MediaMetrics } from './media-metrics';
import { warnPhotoRuns } from './photo-settle';

export interface PhotoIngestOptions {
  store: MediaStore;
  /** Addresses dealer photos may come from despite being private (OUTBOUND_ALLOWED_ADDRESSES). */
  allowed?: OutboundAllowance | null;
  /** The whole fetch, headers and body. Default 20 s: a 25 MB photo over a slow dealer line. */
  fetchTimeoutMs?: number;
  limits?: PhotoLimits;
  now?: () => Date;
  metrics?: MediaMetrics;
}

/** The default bound of one photo fetch, headers and body: a 25 MB photo over a slow dealer line. */
export const DEFAULT_PHOTO_FETCH_TIMEOUT_MS = 20_000;

/** The note on a photo whose bytes the platform's own store could not take: the platform's failure, never the dealer's. */
export const STORAGE_REASON = 'storage';

/** How every PhotoFetchFailed message starts: what the final-failure handler tells the dealer's failures by. */
const FETCH_FAILED_PREFIX = 'The photo host ';

/** A fetch worth trying again (a host down or slow for now); the queue's retries and backoff take it. */
export class PhotoFetchFailed extends Error {
  override name = 'PhotoFetchFailed';
  constructor(detail: string) {
    super(`${FETCH_FAILED_PREFIX}${detail}`);
  }
}

/** Whether a job's failure reason is its photo host failing (PhotoFetchFailed), rather than the platform. */
export const isPhotoFetchFailure = (reason: string): boolean => reason.startsWith(FETCH_FAILED_PREFIX);

/**
 * `variantsOwed`: one of its car's first photos, stored without all of its eager variants; the
 * caller queues a mediaVariants job for `hash` to make them. A photo that changed what its cars
 * draw is marked settle_due with its state; settleDuePhotos settles its cars.
 */
export type PhotoOutcome =
  | { kind: 'stored'; hash: string; fetched: boolean; variantsOwed: boolean }
  | { kind: 'not-modified'; hash?: string; variantsOwed?: true }
  | { kind: 'refused'; reason: string; message: string }
  | { kind: 'unreachable'; reason: string; message: string }
  /**
   * Fetched, but the platform's own store could not take the bytes (`failure`: ENOSPC, EIO,
   * SlowDown...): they wait in photo_spool and are stored once the store is back, never fetched again.
   */
  | { kind: 'spooled'; failure: string; message: string }
  | { kind: 'missing' };

/** What ingest reads of a photo's row before fetching it. */
export interface PhotoRow {
  id: number;
  source_url: string;
  status: string;
  etag: string | null;
  last_modified: string | null;
  content_hash: string | null;
  variants: string[];
  /** Its bytes were fetched and wait in photo_spool for the store. */
  spooled?: boolean;
}

/** What keeps a photo's record: the data source, or the transaction that took its spooled bytes. */
type Queryable = Pick<DataSource | EntityManager, 'query'>;

interface FetchedBytes {
  body: Buffer;
  etag: string | null;
  lastModified: string | null;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif;q=0.9,*/*;q=0.1';
/** Answers that will not change by asking again soon: the address is wrong, not the host down. */
const FINAL_STATUSES = new Set([400, 401, 403, 404, 405, 410, 414, 451]);

/**
 * One photo address, fetched and stored (issue 38): through the guarded fetcher only, conditional
 * on the validators of the copy held (an unchanged photo costs a 304 and no bytes), its bytes
 * checked and stored by content hash, its size read from its header. Nothing is decoded here, so
 * storing never waits on encoding: a car's first photos are servable once stored, and their eager
 * variants are owed to the mediaVariants queue (EagerVariants). A refusal is recorded on the row
 * with its reason; a host that is down throws PhotoFetchFailed for the queue to retry.
 */
export class PhotoIngest {
  private readonly limits: PhotoLimits;
  private readonly now: () => Date;
  private readonly metrics: MediaMetrics;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: PhotoIngestOptions,
  ) {
    this.limits = options.limits ?? PHOTO_LIMITS;
    this.now = options.now ?? (() => new Date());
    this.metrics = options.metrics ?? NO_MEDIA_METRICS;
  }

  /**
   * `row` as load() read it. `force` (ops reprocess): the bytes are asked for without the held
   * validators, so a photo the host changed without changing its ETag is fetched anyway.
   * `afterFetch` is called once the host has answered (bytes read or not), so the caller can free
   * the host's slot for the next fetch while this photo is checked and stored. A photo whose bytes
   * wait in the spool is never fetched again: the spool's drain stores it (storeSpooled).
   */
  async process(row: PhotoRow, eager: boolean, force = false, afterFetch?: () => Promise<void>): Promise<PhotoOutcome> {
    if (row.spooled) {
      await afterFetch?.();
      return { kind: 'spooled', failure: STORAGE_REASON, message: 'The photo waits in the spool for the media store' };
    }
    const held = row.status === 'stored' && row.content_hash !== null;
    const conditional = held && !force;
    const host = photoHostOf(row.source_url) ?? 'invalid';
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    const owes = (have: readonly string[]): boolean =>
      eager && EAGER_PHOTO_VARIANTS.some((name) => !have.includes(name));

    let outcome;
    try {
      outcome = await guardedFetch(row.source_url, {
        timeoutMs: this.options.fetchTimeoutMs ?? DEFAULT_PHOTO_FETCH_TIMEOUT_MS,
        maxBytes: this.limits.maxBytes,
        allowed: this.options.allowed ?? null,
        accept: ACCEPT,
        ifNoneMatch: conditional ? row.etag : null,
        ifModifiedSince: conditional ? row.last_modified : null,
      });
    } catch (error) {
      if (error instanceof OutboundRefused) return this.refuse(row, 'address-refused', error.message);
      if (error instanceof TypeError) return this.refuse(row, 'bad-address', 'The photo address is not a URL');
      throw error;
    }
    await afterFetch?.();
    this.metrics.fetch(
      host,
      outcome.kind === 'failed' ? 'failed' : outcome.kind === 'not-modified' ? 'not-modified' : 'fetched',
      seconds(),
    );

    if (outcome.kind === 'failed') {
      if (outcome.reason === 'too-large')
        return this.refuse(row, 'too-large', `The photo is over the ${this.limits.maxBytes}-byte limit`);
      if (outcome.reason === 'status' && outcome.status !== undefined && FINAL_STATUSES.has(outcome.status))
        return this.unreachable(row.id, `http-${outcome.status}`, `The photo host answered ${outcome.status}`);
      throw new PhotoFetchFailed(
        outcome.reason === 'status' ? `answered ${outcome.status}` : `could not be reached (${outcome.reason})`,
      );
    }

    if (outcome.kind === 'not-modified') {
      await this.dataSource.query(
        `UPDATE photos SET checked_at = $2, etag = COALESCE($3, etag), last_modified = COALESCE($4, last_modified), updated_at = now() WHERE id = $1`,
        [row.id, this.now(), outcome.etag, outcome.lastModified],
      );
      // An unchanged photo now first of its car: its bytes are in the store, only variants are owed.
      if (!row.content_hash || !owes(row.variants)) return { kind: 'not-modified' };
      return { kind: 'not-modified', hash: row.content_hash, variantsOwed: true };
    }

    try {
      return await this.keep(row, eager, outcome.response, this.dataSource);
    } catch (error) {
      // The platform's own store failed, not the dealer's host: the bytes are kept for it.
      if (error instanceof MediaStoreFailed) return this.spool(row, eager, outcome.response, error);
      throw error;
    }
  }

  /**
   * Checks fetched bytes and stores them by hash, recording the photo stored (and its spooled bytes
   * gone) through `db`. A store that fails throws MediaStoreFailed, with nothing recorded.
   */
  private async keep(row: PhotoRow, eager: boolean, fetched: FetchedBytes, db: Queryable): Promise<PhotoOutcome> {
    const held = row.status === 'stored' && row.content_hash !== null;
    const owes = (have: readonly string[]): boolean =>
      eager && EAGER_PHOTO_VARIANTS.some((name) => !have.includes(name));
    const { body, etag, lastModified } = fetched;
    const sniffed = sniffPhoto(body, this.limits);
    if (!sniffed.ok) return this.refuse(row, sniffed.reason, sniffed.message);
    const hash = createHash('sha256').update(body).digest('hex');
    const same = held && row.content_hash === hash;
    // The same bytes as the copy held, or as another address's stored photo (a dealer group's
    // shared stock photo, a photo sent under two names): its variants are in the store already, so
    // it takes them (and that photo's size), and only those still owed are queued.
    const twin = same ? null : await this.storedTwin(hash, db);
    const have = same ? row.variants : (twin?.variants ?? []);
    let size = twin ? { width: twin.width, height: twin.height } : null;
    try {
      // The upright size from the header alone: the pages draw a stored photo by its hash and size.
      size ??= await uprightSize(body, this.limits);
    } catch (error) {
      if (error instanceof PhotoUnreadable) return this.refuse(row, error.reason, error.message);
      throw error;
    }
    const key = originalKey(hash, sniffed.format);
    try {
      if (!same && !(await this.options.store.head(key))) {
        await this.options.store.put(key, body);
        this.metrics.stored(body.length);
      }
    } catch (error) {
      throw asStoreFailure(error);
    }
    // One statement, no transaction: the pages draw something new only when the photo was not
    // stored, or is stored with new bytes, and then its cars are settled with others' (settle_due).
    // Bytes that waited in the spool go in the same statement.
    await db.query(
      `WITH unspooled AS (DELETE FROM photo_spool WHERE photo_id = $1)
       UPDATE photos SET status = 'stored', content_hash = $2, format = $3, width = $4,
         height = $5, byte_size = $6, etag = $7, last_modified = $8,
         variants = CASE WHEN content_hash = $2 THEN ARRAY(SELECT DISTINCT unnest(variants || $9::text[]) ORDER BY 1) ELSE $9::text[] END,
         refusal_reason = NULL, refusal_message = NULL, fetched_at = $10, checked_at = $10,
         settle_due = settle_due OR $11, updated_at = now()
       WHERE id = $1`,
      [
        row.id,
        hash,
        sniffed.format,
        size.width,
        size.height,
        body.length,
        etag,
        lastModified,
        [...have].sort(),
        this.now(),
        !same,
      ],
    );
    return { kind: 'stored', hash, fetched: true, variantsOwed: owes(have) };
  }

  /**
   * Keeps fetched bytes the store could not take (photo_spool) and notes the platform's failure on
   * the photo (`storage`), in one transaction; its runs are not warned, since nothing is wrong with
   * the dealer's photo or host. Checked now: its next feed runs do not ask the host again.
   */
  private async spool(
    row: PhotoRow,
    eager: boolean,
    fetched: FetchedBytes,
    failure: MediaStoreFailed,
  ): Promise<PhotoOutcome> {
    const message = `The platform's photo store failed (${failure.code}); the photo was fetched and is stored once the store is back, without asking the dealer's host again`;
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO photo_spool (photo_id, bytes, etag, last_modified, eager, failure) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (photo_id) DO UPDATE SET bytes = EXCLUDED.bytes, etag = EXCLUDED.etag,
           last_modified = EXCLUDED.last_modified, eager = photo_spool.eager OR EXCLUDED.eager, failure = EXCLUDED.failure`,
        [row.id, fetched.body, fetched.etag, fetched.lastModified, eager, failure.code],
      );
      await manager.query(
        `UPDATE photos SET refusal_reason = $2, refusal_message = $3, checked_at = $4, updated_at = now() WHERE id = $1`,
        [row.id, STORAGE_REASON, message, this.now()],
      );
    });
    return { kind: 'spooled', failure: failure.code, message };
  }

  /**
   * Stores the photo that has waited longest in the spool (one a worker is not storing already),
   * in the transaction that takes its bytes: answers what became of it, or null when nothing waits.
   * A store that fails again throws MediaStoreFailed and the bytes stay for the next try.
   */
  async storeSpooled(): Promise<{ photoId: number; eager: boolean; outcome: PhotoOutcome } | null> {
    return this.dataSource.transaction(async (manager) => {
      const [entry] = (await manager.query(
        `SELECT s.photo_id, s.bytes, s.etag AS fetched_etag, s.last_modified AS fetched_last_modified, s.eager,
                p.source_url, p.status, p.etag, p.last_modified, p.content_hash, p.variants
         FROM photo_spool s JOIN photos p ON p.id = s.photo_id
         ORDER BY s.spooled_at, s.photo_id LIMIT 1 FOR UPDATE OF s SKIP LOCKED`,
      )) as (Omit<PhotoRow, 'id' | 'spooled'> & {
        photo_id: number;
        bytes: Buffer;
        fetched_etag: string | null;
        fetched_last_modified: string | null;
        eager: boolean;
      })[];
      if (!entry) return null;
      const row: PhotoRow = {
        id: entry.photo_id,
        source_url: entry.source_url,
        status: entry.status,
        etag: entry.etag,
        last_modified: entry.last_modified,
        content_hash: entry.content_hash,
        variants: entry.variants,
      };
      const fetched = { body: entry.bytes, etag: entry.fetched_etag, lastModified: entry.fetched_last_modified };
      const outcome = await this.keep(row, entry.eager, fetched, manager);
      // Bytes refused now (they passed when fetched, so only if the limits changed) wait for nothing.
      if (outcome.kind !== 'stored')
        await manager.query(`DELETE FROM photo_spool WHERE photo_id = $1`, [entry.photo_id]);
      return { photoId: entry.photo_id, eager: entry.eager, outcome };
    });
  }

  /** How many photos' bytes wait in the spool for the store. */
  async spoolWaiting(): Promise<number> {
    const [{ n }] = (await this.dataSource.query(`SELECT count(*)::int AS n FROM photo_spool`)) as { n: number }[];
    return n;
  }

  /** The photo's row as process() needs it; null once the photo is gone (its car removed). */
  async load(photoId: number): Promise<PhotoRow | null> {
    const [row] = (await this.dataSource.query(
      `SELECT id, source_url, status, etag, last_modified, content_hash, variants,
         EXISTS (SELECT 1 FROM photo_spool s WHERE s.photo_id = photos.id) AS spooled
       FROM photos WHERE id = $1`,
      [photoId],
    )) as PhotoRow[];
    return row ?? null;
  }

  /** Writes the photo's new state and warns the feed runs that carried it, in one transaction. */
  private async recordAndWarn(photoId: number, [sql, params]: [string, unknown[]]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(sql, params);
      await warnPhotoRuns(manager, photoId);
    });
  }

  /** Another address's stored photo of the same bytes, with the size and variants it was made with. */
  private async storedTwin(
    hash: string,
    db: Queryable,
  ): Promise<{ width: number; height: number; variants: string[] } | null> {
    const [twin] = (await db.query(
      `SELECT width, height, variants FROM photos
       WHERE content_hash = $1 AND status = 'stored' AND width IS NOT NULL AND height IS NOT NULL
       ORDER BY cardinality(variants) DESC LIMIT 1`,
      [hash],
    )) as { width: number; height: number; variants: string[] }[];
    return twin ?? null;
  }

  private async refuse(row: PhotoRow, reason: string, message: string): Promise<PhotoOutcome> {
    this.metrics.refused(reason);
    // A photo stored or pending until now leaves its cars' galleries and photo counts (issue 54),
    // so its cars are settled; one already refused or unreachable changes nothing they draw (in
    // SET, `status` is the row's state before this update).
    await this.recordAndWarn(row.id, [
      `UPDATE photos SET status = 'refused', refusal_reason = $2, refusal_message = $3, checked_at = $4,
         settle_due = settle_due OR status IN ('stored', 'pending'), updated_at = now() WHERE id = $1`,
      [row.id, reason, message.slice(0, 500), this.now()],
    ]);
    return { kind: 'refused', reason, message };
  }

  /**
   * The address gave nothing usable: a photo stored before stays stored (a host down for a day must
   * not blank a car), with the failure noted; one never stored is marked unreachable. Either way
   * the feed runs that carried it are warned. A pending photo marked unreachable leaves its cars'
   * galleries and photo counts (issue 54), so its cars are settled.
   */
  async unreachable(id: number, reason: string, message: string): Promise<PhotoOutcome> {
    this.metrics.unreachable(reason);
    await this.recordAndWarn(id, [
      `UPDATE photos SET status = CASE WHEN status = 'stored' THEN 'stored' ELSE 'unreachable' END,
         settle_due = settle_due OR status = 'pending',
         refusal_reason = $2, refusal_message = $3, checked_at = $4, updated_at = now() WHERE id = $1`,
      [id, reason, message.slice(0, 500), this.now()],
    ]);
    return { kind: 'unreachable', reason, message };
  }
}
