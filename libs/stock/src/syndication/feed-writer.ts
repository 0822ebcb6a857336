import { createHash } from 'node:crypto';
import { createGzip } from 'node:zlib';
import type { DataSource, EntityManager } from 'typeorm';
import {
  CHANNEL_COLUMNS,
  channelEnabled,
  csvRecord,
  listingFor,
  siteOrigin,
  type LeftOutReason,
  type SyndicationChannel,
} from '@platform/domain';
import type { SiteConfigStore } from '@platform/site-config';
import { duplicateVinsOfDealership, listedCarsOfDealership } from '../indexing/car-documents';

/** Cars fetched per page from a feed's cursor: the memory a generation holds whatever the stock. */
const PAGE_SIZE = 500;

/**
 * How far back the change marker looks for open transactions. A platform transaction open longer
 * (none is, in normal work) is not waited for: its change waits for the next one or the daily
 * rewrite; a shorter one makes the feeds of dealerships changed since it began due each sweep
 * until it ends.
 */
export const SYNDICATION_MARKER_LOOKBACK_MS = 10 * 60_000;
/** Compressed bytes per stored piece of a file. */
const CHUNK_BYTES = 256 * 1024;

export interface LeftOutCar {
  car_id: number;
  stocknum: string;
  vin: string | null;
  reasons: LeftOutReason[];
}

export type FeedGeneration =
  | {
      outcome: 'generated';
      generation: number;
      included: number;
      leftOut: number;
      bytes: number;
      gzipBytes: number;
    }
  /** site-not-serving: its site is suspended or retired (issue 51), so nothing is written. */
  | { outcome: 'disabled' | 'unknown-dealership' | 'site-not-serving' };

interface DealershipRow {
  id: number;
  slug: string;
  name: string;
  site_id: number;
  site_slug: string;
  /** Whether the site is active and not retired. */
  serving: boolean;
  host: string | null;
}

/**
 * Writes dealerships' syndication feeds (issue 42): the dealership's listed cars read page by page
 * through the search projection's rules, each mapped and checked by the channel's rules in
 * libs/domain, written as RFC 4180 CSV through gzip into bounded pieces. The pieces of the new
 * generation and the feed's record (counts, left-out cars and their reasons, the change marker it
 * was made from) replace the old ones in one transaction, so a reader sees one whole file or the
 * other. The file lives in PostgreSQL rather than the media store: it changes in place, is small
 * (about 40 KB gzip per 1,000 cars) and must change together with its record.
 */
export class SyndicationFeedWriter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly configs: SiteConfigStore,
    private readonly options: {
      now?: () => Date;
      pageSize?: number;
      /** The port the web serves development (`*.localhost`) hosts on: the feed's links name it. */
      webPort?: number | null;
    } = {},
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async generate(dealershipId: number, channel: SyndicationChannel): Promise<FeedGeneration> {
    const [dealership] = (await this.dataSource.query(
      `SELECT d.id, d.slug, d.name, d.site_id, s.slug AS site_slug,
              (s.status = 'active' AND s.retired_at IS NULL) AS serving,
              (SELECT h.host FROM site_hosts h WHERE h.site_id = d.site_id ORDER BY h."primary" DESC, h.host LIMIT 1) AS host
       FROM dealerships d JOIN sites s ON s.id = d.site_id WHERE d.id = $1`,
      [dealershipId],
    )) as DealershipRow[];
    if (!dealership) return { outcome: 'unknown-dealership' };
    // A job queued before its site was suspended or retired writes nothing.
    if (!dealership.serving) return { outcome: 'site-not-serving' };
    const config = await this.configs.dealership(dealershipId);
    if (!channelEnabled(config, channel)) return { outcome: 'disabled' };
    const origin = siteOrigin({ host: dealership.host, slug: dealership.site_slug }, this.options.webPort ?? null);
    const now = this.now();
    // Google's listings have no availability: a sold car leaves its file at once. Meta's catalog
    // marks it NOT_AVAILABLE while the site still shows it, so its ads stop the same hour.
    const scope = { now, carTypes: config.syndication.car_types, includeSold: channel === 'meta' };

    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO syndication_feeds (dealership_id, channel) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [dealershipId, channel],
      );
      // One writer per feed at a time: a second waits here and then writes the newer state.
      const [feed] = (await manager.query(
        `SELECT generation FROM syndication_feeds WHERE dealership_id = $1 AND channel = $2 FOR UPDATE`,
        [dealershipId, channel],
      )) as { generation: number }[];
      const generation = (feed?.generation ?? 0) + 1;
      // The change marker, read before the cars are. A car's updated_at is its transaction's start,
      // so a platform transaction open now can commit a change older than the newest updated_at
      // this sees (a later one committed first): the marker goes back to before the oldest such
      // transaction began, and the sweep then finds that change newer. Only the platform's own
      // sessions (the same application_name) that began in the last SYNDICATION_MARKER_LOOKBACK
      // count, so a dump, a psql session or a leaked transaction cannot keep feeds rewriting. Kept
      // as text: a Date would drop the microseconds the comparison needs.
      const [marker] = (await manager.query(
        `SELECT LEAST(
           (SELECT max(updated_at) FROM cars WHERE dealership_id = $1),
           (SELECT min(xact_start) - interval '1 microsecond' FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
              AND application_name = current_setting('application_name')
              AND xact_start > now() - make_interval(secs => $2))
         )::text AS changed_at`,
        [dealershipId, SYNDICATION_MARKER_LOOKBACK_MS / 1000],
      )) as { changed_at: string | null }[];
      const context = {
        origin,
        dealership: { id: dealership.id, slug: dealership.slug, name: dealership.name },
        storeCode: config.syndication.store_code,
        metaPageId: config.syndication.meta_page_id,
        duplicateVins: await duplicateVinsOfDealership(manager, dealershipId, scope),
      };

      const file = new ChunkedGzipFile(manager, dealershipId, channel, generation);
      await file.write(csvRecord(CHANNEL_COLUMNS[channel]));
      let included = 0;
      let leftOutCount = 0;
      // Page by page from one cursor: each page's rows go through gzip into stored pieces and its
      // left-out cars into their table before the next page is read, so memory holds one page.
      for await (const cars of listedCarsOfDealership(manager, dealershipId, {
        ...scope,
        pageSize: this.options.pageSize ?? PAGE_SIZE,
      })) {
        let page = '';
        const leftOut: LeftOutCar[] = [];
        for (const car of cars) {
          const outcome = listingFor(channel, car, context);
          if (outcome.kind === 'included') {
            page += csvRecord(outcome.values);
            included += 1;
          } else
            leftOut.push({
              car_id: car.document.id,
              stocknum: car.document.stocknum,
              vin: car.vin,
              reasons: outcome.reasons,
            });
        }
        await file.write(page);
        if (leftOut.length > 0) {
          await manager.query(
            `INSERT INTO syndication_feed_left_out (dealership_id, channel, generation, car_id, stocknum, vin, reasons)
             SELECT $1, $2, $3, x.car_id, x.stocknum, x.vin, ARRAY(SELECT jsonb_array_elements_text(x.reasons))
             FROM jsonb_to_recordset($4::jsonb) AS x(car_id int, stocknum text, vin text, reasons jsonb)`,
            [dealershipId, channel, generation, JSON.stringify(leftOut)],
          );
          leftOutCount += leftOut.length;
        }
      }
      const written = await file.end();

      await manager.query(
        `UPDATE syndication_feeds SET generation = $3, generated_at = $4, source_changed_at = $5, content_hash = $6,
           byte_size = $7, gzip_size = $8, included = $9, left_out_count = $10
         WHERE dealership_id = $1 AND channel = $2`,
        [
          dealershipId,
          channel,
          generation,
          now.toISOString(),
          marker?.changed_at ?? null,
          written.sha256,
          written.bytes,
          written.gzipBytes,
          included,
          leftOutCount,
        ],
      );
      // The generation before stays one more round, so a download begun from it (the api streams
      // piece by piece, outside any transaction) still finds its pieces; older ones go.
      await manager.query(
        `DELETE FROM syndication_feed_chunks WHERE dealership_id = $1 AND channel = $2 AND generation < $3`,
        [dealershipId, channel, generation - 1],
      );
      await manager.query(
        `DELETE FROM syndication_feed_left_out WHERE dealership_id = $1 AND channel = $2 AND generation <> $3`,
        [dealershipId, channel, generation],
      );
      return {
        outcome: 'generated' as const,
        generation,
        included,
        leftOut: leftOutCount,
        bytes: written.bytes,
        gzipBytes: written.gzipBytes,
      };
    });
  }
}

/**
 * A gzip stream written in order into syndication_feed_chunks, hashing the uncompressed text as it
 * goes. Each write waits until gzip has taken the text in, and every whole piece gzip has produced
 * by then is stored before the write returns: memory holds the text of one page, zlib's own
 * fixed buffers and less than one piece of output, whatever the size of the file.
 */
class ChunkedGzipFile {
  private readonly gzip = createGzip({ level: 6 });
  private readonly hash = createHash('sha256');
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;
  private bytes = 0;
  private gzipBytes = 0;
  private failure: Error | null = null;

  constructor(
    private readonly manager: EntityManager,
    private readonly dealershipId: number,
    private readonly channel: string,
    private readonly generation: number,
  ) {
    this.gzip.on('data', (chunk: Buffer) => {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      this.gzipBytes += chunk.length;
    });
    this.gzip.on('error', (error: Error) => (this.failure = error));
  }

  async write(text: string): Promise<void> {
    if (text === '') return;
    const bytes = Buffer.from(text, 'utf8');
    this.hash.update(bytes);
    this.bytes += bytes.length;
    await new Promise<void>((resolve, reject) =>
      this.gzip.write(bytes, (error) => (error ? reject(error) : resolve())),
    );
    if (this.failure) throw this.failure;
    while (this.pendingBytes >= CHUNK_BYTES) await this.store(CHUNK_BYTES);
  }

  async end(): Promise<{ sha256: string; bytes: number; gzipBytes: number }> {
    await new Promise<void>((resolve, reject) => {
      this.gzip.once('end', resolve);
      this.gzip.once('error', reject);
      this.gzip.end();
    });
    if (this.failure) throw this.failure;
    while (this.pendingBytes > 0) await this.store(Math.min(CHUNK_BYTES, this.pendingBytes));
    return { sha256: this.hash.digest('hex'), bytes: this.bytes, gzipBytes: this.gzipBytes };
  }

  private async store(size: number): Promise<void> {
    const all = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending);
    const piece = all.subarray(0, size);
    const rest = all.subarray(size);
    // A copy, so the stored piece does not keep the whole concatenation alive.
    this.pending = rest.length > 0 ? [Buffer.from(rest)] : [];
    this.pendingBytes = rest.length;
    await this.manager.query(
      `INSERT INTO syndication_feed_chunks (dealership_id, channel, generation, seq, bytes) VALUES ($1, $2, $3, $4, $5)`,
      [this.dealershipId, this.channel, this.generation, this.seq, piece],
    );
    this.seq += 1;
  }
}
