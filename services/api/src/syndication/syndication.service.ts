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
  left_out: { car_id: number; stocknum: string; vin: string | null; reasons: string[] }[];
  last_fetched_at: Date | null;
  last_fetched_by: string | null;
}

export interface ServableFeed {
  dealershipId: number;
  channel: SyndicationChannel;
  generation: number;
  generatedAt: Date;
  contentHash: string;
  byteSize: number;
}

/** The console report of one feed (GET /api/dealer/syndication). */
export interface FeedReport {
  dealership: string;
  channel: SyndicationChannel;
  label: string;
  enabled: boolean;
  generatedAt: string | null;
  included: number;
  leftOut: number;
  reasons: { reason: LeftOutReason; count: number; summary: string }[];
  cars: { stocknum: string; vin: string | null; reasons: LeftOutReason[] }[];
  lastFetchedAt: string | null;
  lastFetchedBy: string | null;
}

const SELECT_FEED = `
  SELECT d.id AS dealership_id, d.slug, d.name, s.slug AS site_slug,
         (SELECT h.host FROM site_hosts h WHERE h.site_id = d.site_id ORDER BY h."primary" DESC, h.host LIMIT 1) AS host,
         ch.channel, coalesce(f.token_version, 1) AS token_version, coalesce(f.generation, 0) AS generation,
         f.generated_at, f.content_hash, coalesce(f.byte_size, 0) AS byte_size, coalesce(f.gzip_size, 0) AS gzip_size,
         coalesce(f.included, 0) AS included, coalesce(f.left_out, '[]'::jsonb) AS left_out,
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

  /** The feed a URL names, when its token is the current one and a file is written; else null. */
  async servable(slug: string, channel: SyndicationChannel, token: string): Promise<ServableFeed | null> {
    const [row] = await this.rows('d.slug = $2 AND ch.channel = $3', [slug, channel]);
    const expected = row ? feedToken(this.env.AUTH_SECRET, row.dealership_id, channel, row.token_version) : '';
    if (!row || !tokenMatches(token, expected)) return null;
    if (row.generation === 0 || !row.generated_at || !row.content_hash) return null;
    if (!(await this.enabled(row.dealership_id, channel))) return null;
    return {
      dealershipId: row.dealership_id,
      channel,
      generation: row.generation,
      generatedAt: row.generated_at,
      contentHash: row.content_hash,
      byteSize: row.byte_size,
    };
  }

  /** The file's gzip pieces in order (a few hundred KB for thousands of cars). */
  async gzipPieces(feed: ServableFeed): Promise<Buffer[]> {
    const rows = (await this.db.query(
      `SELECT bytes FROM syndication_feed_chunks WHERE dealership_id = $1 AND channel = $2 AND generation = $3 ORDER BY seq`,
      [feed.dealershipId, feed.channel, feed.generation],
    )) as { bytes: Buffer }[];
    return rows.map((row) => row.bytes);
  }

  async recordFetch(feed: ServableFeed, userAgent: string | undefined): Promise<void> {
    await this.db.query(
      `UPDATE syndication_feeds SET last_fetched_at = now(), last_fetched_by = $3 WHERE dealership_id = $1 AND channel = $2`,
      [feed.dealershipId, feed.channel, userAgentOf(userAgent)],
    );
  }

  /** The feed's full URL on the dealership's site (a development host on the given web port). */
  private urlOf(row: FeedRow, version: number): string {
    const origin = siteOrigin(row.host ?? `${row.site_slug}.localhost`);
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

  /** A new token for a feed (the old URL answers 404 from now on); returns the new URL once. */
  async rotate(dealershipId: number, channel: SyndicationChannel): Promise<string> {
    const [updated] = (await this.db.query(
      `INSERT INTO syndication_feeds (dealership_id, channel, token_version) VALUES ($1, $2, 2)
       ON CONFLICT (dealership_id, channel) DO UPDATE SET token_version = syndication_feeds.token_version + 1
       RETURNING token_version`,
      [dealershipId, channel],
    )) as { token_version: number }[];
    const [row] = await this.rows('d.id = $2 AND ch.channel = $3', [dealershipId, channel]);
    return this.urlOf(row as FeedRow, updated?.token_version ?? 1);
  }

  /** The report of each feed of these dealerships: counts, reasons grouped, last generated and fetched. */
  async report(dealershipIds: readonly number[]): Promise<FeedReport[]> {
    const rows = await this.rows('d.id = ANY($2::int[])', [[...dealershipIds]]);
    const reports: FeedReport[] = [];
    for (const row of rows) {
      const counts = new Map<LeftOutReason, number>();
      const cars = row.left_out.map((car) => {
        const reasons = car.reasons.filter(isLeftOutReason);
        for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
        return { stocknum: car.stocknum, vin: car.vin, reasons };
      });
      reports.push({
        dealership: row.slug,
        channel: row.channel,
        label: CHANNEL_LABELS[row.channel],
        enabled: await this.enabled(row.dealership_id, row.channel),
        generatedAt: row.generated_at?.toISOString() ?? null,
        included: row.included,
        leftOut: row.left_out.length,
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
