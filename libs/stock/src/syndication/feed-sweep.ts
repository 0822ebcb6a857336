import type { DataSource } from 'typeorm';
import { channelEnabled, SYNDICATION_CHANNELS, type SyndicationChannel } from '@platform/domain';
import type { SiteConfigStore } from '@platform/site-config';

export interface FeedSweepTiming {
  /** A change is written once the dealership's cars have been quiet this long (a feed run's batches settle first). */
  quietMs: number;
  /** ...or once the feed is this old, so a dealer whose stock never stops changing still gets fresh files. */
  maxWaitMs: number;
  /** Every feed is written again at least this often (prices shown against a day, sold cut-offs). */
  maxAgeMs: number;
}

export const DEFAULT_FEED_SWEEP_TIMING: FeedSweepTiming = {
  quietMs: 30_000,
  maxWaitMs: 5 * 60_000,
  maxAgeMs: 24 * 60 * 60_000,
};

interface FeedState {
  dealership_id: number;
  channel: SyndicationChannel;
  generated_at: Date | null;
  /** The dealership's newest cars.updated_at: when it last changed, for the quiet spell. */
  changed_at: Date | null;
  /** Whether it changed after the marker the file was written from. */
  changed_since: boolean;
}

/**
 * Which feeds are due (issue 42): every enabled dealership and channel whose cars changed since its
 * file was written (the newest cars.updated_at is the per-dealership change marker; a feed run's
 * writes and the search indexer's visibility both follow it), debounced by a quiet spell, and every
 * feed at least daily. One query for all dealerships, then each one's configuration from the store.
 * A suspended or retired site's dealerships have none due (issue 51): their files stay as last
 * written, and the api stops serving them while the site is not active.
 */
export async function dueFeeds(
  dataSource: DataSource,
  configs: SiteConfigStore,
  now: Date,
  timing: FeedSweepTiming = DEFAULT_FEED_SWEEP_TIMING,
): Promise<{ dealershipId: number; channel: SyndicationChannel }[]> {
  // changed_since is compared here, in microseconds: Dates keep milliseconds, and two changes a
  // few hundred microseconds apart must not read as the same moment.
  const rows = (await dataSource.query(
    `WITH markers AS (SELECT dealership_id, max(updated_at) AS changed_at FROM cars GROUP BY dealership_id)
     SELECT d.id AS dealership_id, ch.channel, f.generated_at, m.changed_at,
            m.changed_at IS NOT NULL AND (f.source_changed_at IS NULL OR m.changed_at > f.source_changed_at) AS changed_since
     FROM dealerships d
     JOIN sites s ON s.id = d.site_id AND s.status = 'active' AND s.retired_at IS NULL
     CROSS JOIN unnest($1::text[]) AS ch(channel)
     LEFT JOIN syndication_feeds f ON f.dealership_id = d.id AND f.channel = ch.channel
     LEFT JOIN markers m ON m.dealership_id = d.id
     ORDER BY d.id, ch.channel`,
    [[...SYNDICATION_CHANNELS]],
  )) as FeedState[];
  const due: { dealershipId: number; channel: SyndicationChannel }[] = [];
  for (const row of rows) {
    if (!isDue(row, now, timing)) continue;
    let enabled = false;
    try {
      enabled = channelEnabled(await configs.dealership(row.dealership_id), row.channel);
    } catch {
      // A broken configuration layer fails that dealership's readers only; its feed waits for a fix.
      enabled = false;
    }
    if (enabled) due.push({ dealershipId: row.dealership_id, channel: row.channel });
  }
  return due;
}

export function isDue(
  row: Pick<FeedState, 'generated_at' | 'changed_at' | 'changed_since'>,
  now: Date,
  timing: FeedSweepTiming,
): boolean {
  if (row.generated_at === null) return true;
  const age = now.getTime() - row.generated_at.getTime();
  if (age >= timing.maxAgeMs) return true;
  if (!row.changed_since || row.changed_at === null) return false;
  const quiet = now.getTime() - row.changed_at.getTime();
  return quiet >= timing.quietMs || age >= timing.maxWaitMs;
}
