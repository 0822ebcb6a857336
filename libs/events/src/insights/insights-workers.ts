import Redis from 'ioredis';
import { DateTime } from 'luxon';
import type { DataSource } from 'typeorm';
import { CAR_DAILY_FACT_RETENTION_DAYS, purgeOldCarFacts } from '@platform/db';
import { QUIET_LOG, WorkerGroup, type WorkerLog } from '@platform/queues';
import { computeCarInsights } from './car-insights';
import { DEFAULT_FACT_ZONE, rollUpAll } from './roll-up';
import { flushSearchAppearances } from './search-appearances';

/**
 * Hourly rather than once a night: the night's run finishes yesterday (every zone's yesterday is
 * over by the first run after 2 am in Perth), and the other 23 keep today's figures fresh for the
 * console; a run over 100,000 cars' two days costs seconds (docs/performance.md).
 */
export const INSIGHTS_REFRESH_EVERY_MS = 60 * 60 * 1000;

export interface InsightsOptions {
  dataSource: DataSource;
  redisUrl: string;
  prefix: string;
  log?: WorkerLog;
  now?: () => Date;
}

const sydneyDay = (at: Date, minusDays = 0): string =>
  DateTime.fromJSDate(at).setZone(DEFAULT_FACT_ZONE).minus({ days: minusDays }).toISODate() as string;

/** Flushes and rolls up yesterday and today, purges old facts, rates every live car. */
export async function refreshInsights(options: InsightsOptions, redis: Redis): Promise<Record<string, number>> {
  const now = options.now?.() ?? new Date();
  const days = [sydneyDay(now, 1), sydneyDay(now)];
  let appearances = 0;
  for (const day of days) appearances += await flushSearchAppearances(redis, options.prefix, options.dataSource, day);
  // From the day before yesterday (Sydney), so a western dealership's yesterday is covered too.
  const { rows } = await rollUpAll(options.dataSource, { from: sydneyDay(now, 2), to: days[1], now });
  const purged = await purgeOldCarFacts(options.dataSource, days[1]);
  const { rated } = await computeCarInsights(options.dataSource, now);
  return { appearances, rows, purged, rated };
}

/**
 * Rolls up every day the raw events still hold (at most the retention), then rates the cars:
 * what a fresh install or the first start after this release runs once.
 */
export async function backfillInsights(options: InsightsOptions): Promise<Record<string, number>> {
  const now = options.now?.() ?? new Date();
  const [row] = (await options.dataSource.query(
    `SELECT LEAST((SELECT min(day) FROM car_event_days), (SELECT min(created_at)::date FROM cars))::text AS first`,
  )) as { first: string | null }[];
  const oldest = sydneyDay(now, CAR_DAILY_FACT_RETENTION_DAYS);
  const from = row?.first && row.first > oldest ? row.first : oldest;
  const { rows } = await rollUpAll(options.dataSource, { from, to: sydneyDay(now), now });
  const { rated } = await computeCarInsights(options.dataSource, now);
  return { rows, rated };
}

/**
 * The insights worker: the hourly refresh on a schedule, and a backfill at start when no fact
 * exists yet. Returns the group's close function and the jobs' bodies (for tests).
 */
export async function startInsightsWorkers(
  options: InsightsOptions & { schedule?: boolean },
): Promise<{ close: () => Promise<void> }> {
  const log = options.log ?? QUIET_LOG;
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 3 });
  redis.on('error', () => undefined);
  const group = new WorkerGroup(options.redisUrl, options.prefix, log);
  group.start('insights', 1, async ({ task }) => {
    const result = task === 'backfill' ? await backfillInsights(options) : await refreshInsights(options, redis);
    log.info({ task, ...result }, 'stock insights updated');
    return result;
  });
  if (options.schedule !== false)
    group.schedule('insights', 'insights-refresh', INSIGHTS_REFRESH_EVERY_MS, { task: 'refresh' });
  await group.ready();
  return {
    close: async () => {
      await group.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
