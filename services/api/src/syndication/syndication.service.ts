import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  CHANNEL_LABELS,
  isLeftOutReason,
  reasonSummary,
  siteOrigin,
  SYNDICATION_CHANNELS,
  type LeftOutReason,
  type SyndicationChannel,
} from '@platform/domain';
import { ENV } from '@platform/server-kit';
import { SiteConfigStore } from '@platform/site-config';
import { recordDealerAudit } from '@platform/leads';
import type { ApiEnv } from '../env';
import { feedToken, tokenMatches } from './feed-tokens';

interface FeedRow {
  dealership_id: number;
  slug: string;
  name: string;
  site_slug: string;
  host: string | null;
  channel: SyndicationChannel;
  token_version: number;
  generation: number;
  generated_at: Date | null;
  content_hash: string | null;
  byte_size: number;
  gzip_size: number;
  included: number;
  left_out_count: number;
  last_fetched_at: Date | null;
  last_fetched_by: string | null;
}

export interface ServableFeed {
  dealershipId: number;
  dealership: string;
  channel: SyndicationChannel;
  generation: number;
  generatedAt: Date;
  contentHash: string;
  byteSize: number;
  gzipSize: number;
}

/** The console report of one feed (GET /api/dealer/syndication). */
export interface FeedReport {
  dealership: string;
  dealershipName: string;
  channel: SyndicationChannel;
  label: string;
  enabled: boolean;
  /** The feed's current full URL while the channel is on (the stock it holds is public anyway), else null. */
  url: string | null;
  /** Where a signed-in user downloads the current file (not counted as the channel's fetch). */
  downloadPath: string;
  /** Whether this user may rotate the URL's token (owners). */
  canRotate: boolean;
  generatedAt: string | null;
  included: number;
  leftOut: number;
  reasons: { reason: LeftOutReason; count: number; summary: string }[];
  /** The left-out cars, with the path of each one's page on the site. */
  cars: { stocknum: string; vin: string | null; reasons: LeftOutReason[]; path: string | null }[];
  lastFetchedAt: string | null;
  lastFetchedBy: string | null;
}

const SELECT_FEED = `
  SELECT d.id AS dealership_id, d.slug, d.name, s.slug AS site_slug,
         (SELECT h.host FROM site_hosts h WHERE h.site_id = d.site_id ORDER BY h."primary" DESC, h.host LIMIT 1) AS host,
         ch.channel, coalesce(f.token_version, 1) AS token_version, coalesce(f.generation, 0) AS generation,
         f.generated_at, f.content_hash, coalesce(f.byte_size, 0) AS byte_size, coalesce(f.gzip_size, 0) AS gzip_size,
         coalesce(f.included, 0) AS included, coalesce(f.left_out_count, 0) AS left_out_count,
         f.last_fetched_at, f.last_fetched_by
  FROM dealerships d JOIN sites s ON s.id = d.site_id
  CROSS JOIN unnest($1::text[]) AS ch(channel)
  LEFT JOIN syndication_feeds f ON f.dealership_id = d.id AND f.channel = ch.channel`;

/** A user agent kept for the report: printable, bounded. */
const userAgentOf = (value: string | undefined): string | null => {
  const text = (value ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F]/g, ' ')
    .trim()
    .slice(0, 300);
  return text === '' ? null : text;
};

/**
 * Serving, rotating and reporting the syndication feeds the worker writes (issue 42). A wrong
 * token, an unknown dealership, a channel that is off and a feed not written yet all read as the
 * same absence, so a URL reveals nothing without its token.
 */
@Injectable()
export class SyndicationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ENV) private readonly env: ApiEnv,
    private readonly configs: SiteConfigStore,
  ) {}

  private async enabled(dealershipId: number, channel: SyndicationChannel): Promise<boolean> {
    const config = await this.configs.dealership(dealershipId);
    return channel === 'google' ? config.syndication.google_enabled : config.syndication.meta_enabled;
  }

  private async rows(where: string, params: unknown[]): Promise<FeedRow[]> {
    return (await this.db.query(`${SELECT_FEED} WHERE ${where} ORDER BY d.position, d.id, ch.channel`, [
      [...SYNDICATION_CHANNELS],
      ...params,
    ])) as FeedRow[];
  }

  /**
   * The feed a URL names, when its token is the current one and a file is written; else null. Not
   * while its site is suspended or retired (issue 51): the portals stop listing its cars.
   */
  async servable(slug: string, channel: SyndicationChannel, token: string): Promise<ServableFeed | null> {
    const [row] = await this.rows(`d.slug = $2 AND ch.channel = $3 AND s.status = 'active' AND s.retired_at IS NULL`, [
      slug,
      channel,
    ]);
    const expected = row ? feedToken(this.env.AUTH_SECRET, row.dealership_id, channel, row.token_version) : '';
    if (!row || !tokenMatches(token, expected)) return null;
    if (row.generation === 0 || !row.generated_at || !row.content_hash) return null;
    if (!(await this.enabled(row.dealership_id, channel))) return null;
    return this.servableOf(row);
  }

  private servableOf(row: FeedRow): ServableFeed {
    return {
      dealershipId: row.dealership_id,
      dealership: row.slug,
      channel: row.channel,
      generation: row.generation,
      generatedAt: row.generated_at as Date,
      contentHash: row.content_hash as string,
      byteSize: row.byte_size,
      gzipSize: row.gzip_size,
    };
  }

  /**
   * The file's gzip pieces in order, read one at a time as the response takes them: a download
   * holds one piece (256 KB at most) whatever the file's size. The writer keeps the previous
   * generation's pieces one more round, so a download outliving a regeneration still completes.
   */
  async *gzipPieces(feed: ServableFeed): AsyncGenerator<Buffer> {
    for (let seq = 0; ; seq += 1) {
      const [row] = (await this.db.query(
        `SELECT bytes FROM syndication_feed_chunks WHERE dealership_id = $1 AND channel = $2 AND generation = $3 AND seq = $4`,
        [feed.dealershipId, feed.channel, feed.generation, seq],
      )) as { bytes: Buffer }[];
      if (!row) return;
      yield row.bytes;
    }
  }

  /** The current file of one of a user's dealerships, for a download from the console; null when none is written. */
  async downloadable(dealershipId: number, channel: SyndicationChannel): Promise<ServableFeed | null> {
    const [row] = await this.rows('d.id = $2 AND ch.channel = $3', [dealershipId, channel]);
    if (!row || row.generation === 0 || !row.generated_at || !row.content_hash) return null;
    return this.servableOf(row);
  }

  async recordFetch(feed: ServableFeed, userAgent: string | undefined): Promise<void> {
    await this.db.query(
      `UPDATE syndication_feeds SET last_fetched_at = now(), last_fetched_by = $3 WHERE dealership_id = $1 AND channel = $2`,
      [feed.dealershipId, feed.channel, userAgentOf(userAgent)],
    );
  }

  /** The feed's full URL on the dealership's site (a development host on WEB_PORT). */
  private urlOf(row: FeedRow, version: number): string {
    const origin = siteOrigin({ host: row.host, slug: row.site_slug }, this.env.WEB_PORT);
    const token = feedToken(this.env.AUTH_SECRET, row.dealership_id, row.channel, version);
    return `${origin}/feeds/${encodeURIComponent(row.slug)}/${row.channel}/${token}.csv`;
  }

  /** Every enabled channel's current URL of a dealership (ops), or null for an unknown dealership. */
  async urls(
    slug: string,
  ): Promise<{ dealership: string; feeds: { channel: SyndicationChannel; url: string }[] } | null> {
    const rows = await this.rows('d.slug = $2', [slug]);
    if (rows.length === 0) return null;
    const feeds = [];
    for (const row of rows)
      if (await this.enabled(row.dealership_id, row.channel))
        feeds.push({ channel: row.channel, url: this.urlOf(row, row.token_version) });
    return { dealership: slug, feeds };
  }

  /** A new token for a feed (the old URL answers 404 from now on), audited; returns the new URL once. */
  async rotate(dealershipId: number, channel: SyndicationChannel, userId: string): Promise<string> {
    const version = await this.db.transaction(async (manager) => {
      const [updated] = (await manager.query(
        `INSERT INTO syndication_feeds (dealership_id, channel, token_version) VALUES ($1, $2, 2)
         ON CONFLICT (dealership_id, channel) DO UPDATE SET token_version = syndication_feeds.token_version + 1
         RETURNING token_version`,
        [dealershipId, channel],
      )) as { token_version: number }[];
      await recordDealerAudit(manager, {
        dealershipId,
        userId,
        action: 'syndication.token_rotated',
        subject: { type: 'syndication_feed', id: channel },
        detail: { channel },
      });
      return updated?.token_version ?? 1;
    });
    const [row] = await this.rows('d.id = $2 AND ch.channel = $3', [dealershipId, channel]);
    return this.urlOf(row as FeedRow, version);
  }

  /**
   * The report of each feed of these dealerships: counts, reasons grouped, the left-out cars with
   * their pages, last generated and fetched, the current URL, and whether the user may rotate it.
   */
  async report(memberships: readonly { dealershipId: number; role: string }[]): Promise<FeedReport[]> {
    const roles = new Map(memberships.map((m) => [m.dealershipId, m.role]));
    const rows = await this.rows('d.id = ANY($2::int[])', [[...roles.keys()]]);
    const leftOut = (await this.db.query(
      `SELECT l.dealership_id, l.channel, l.stocknum, l.vin, l.reasons, c.slug
       FROM syndication_feeds f
       JOIN syndication_feed_left_out l ON l.dealership_id = f.dealership_id AND l.channel = f.channel AND l.generation = f.generation
       LEFT JOIN cars c ON c.id = l.car_id
       WHERE f.dealership_id = ANY($1::int[])
       ORDER BY l.dealership_id, l.channel, l.stocknum, l.car_id`,
      [[...roles.keys()]],
    )) as {
      dealership_id: number;
      channel: string;
      stocknum: string;
      vin: string | null;
      reasons: string[];
      slug: string | null;
    }[];
    const reports: FeedReport[] = [];
    for (const row of rows) {
      const counts = new Map<LeftOutReason, number>();
      const cars = leftOut
        .filter((car) => car.dealership_id === row.dealership_id && car.channel === row.channel)
        .map((car) => {
          const reasons = car.reasons.filter(isLeftOutReason);
          for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
          return {
            stocknum: car.stocknum,
            vin: car.vin,
            reasons,
            path: car.slug ? `/cars/${encodeURIComponent(car.slug)}` : null,
          };
        });
      const enabled = await this.enabled(row.dealership_id, row.channel);
      reports.push({
        dealership: row.slug,
        dealershipName: row.name,
        channel: row.channel,
        label: CHANNEL_LABELS[row.channel],
        enabled,
        url: enabled ? this.urlOf(row, row.token_version) : null,
        downloadPath: `/api/dealer/syndication/${encodeURIComponent(row.slug)}/${row.channel}/file`,
        canRotate: roles.get(row.dealership_id) === 'owner',
        generatedAt: row.generated_at?.toISOString() ?? null,
        included: row.included,
        leftOut: row.left_out_count,
        reasons: [...counts]
          .sort((a, b) => b[1] - a[1])
          .map(([reason, count]) => ({ reason, count, summary: reasonSummary(reason, count) })),
        cars,
        lastFetchedAt: row.last_fetched_at?.toISOString() ?? null,
        lastFetchedBy: row.last_fetched_by,
      });
    }
    return reports;
  }
}
