import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { reportDay } from '../car-events';

/** A day's counters live this long in Redis: the worker flushes them hourly, so two days is slack enough. */
export const APPEARANCE_KEY_TTL_SECONDS = 3 * 24 * 3600;

/** One hash per day (Sydney, as car_event_days count): field car id, value times shown on a results page. */
export const appearanceKey = (prefix: string, day: string): string => `${prefix}:insights:appearances:${day}`;

/**
 * Counts search appearances on the api's hot path: one pipelined round trip per results page,
 * never awaited by the response, and a failure only counted (onError), since a lost page of
 * appearances costs a dealer nothing they would notice and a slow search costs a shopper.
 */
export class SearchAppearanceCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (error: Error) => void = () => undefined,
  ) {}

  record(carIds: readonly number[], at = new Date()): void {
    if (carIds.length === 0) return;
    try {
      const key = appearanceKey(this.prefix, reportDay(at.toISOString()));
      const pipeline = this.redis.pipeline();
      for (const id of carIds) pipeline.hincrby(key, String(id), 1);
      pipeline.expire(key, APPEARANCE_KEY_TTL_SECONDS);
      pipeline.exec().then(
        (results) => {
          const failed = results?.find(([error]) => error);
          if (failed?.[0]) this.onError(failed[0]);
        },
        (error: Error) => this.onError(error),
      );
    } catch (error) {
      this.onError(error as Error);
    }
  }
}

/**
 * Writes a day's Redis counters into car_daily_facts as they stand. The counters only grow
 * during their day, so setting (not adding) the stored figure makes a repeated or overlapping
 * flush harmless. A car the counters name that no longer exists is skipped.
 */
export async function flushSearchAppearances(
  redis: Redis,
  prefix: string,
  db: DataSource,
  day: string,
): Promise<number> {
  const counters = await redis.hgetall(appearanceKey(prefix, day));
  const ids: number[] = [];
  const counts: number[] = [];
  for (const [field, value] of Object.entries(counters)) {
    const id = Number(field);
    const count = Number(value);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647 || !Number.isSafeInteger(count) || count < 0)
      continue;
    ids.push(id);
    counts.push(Math.min(count, 2_147_483_647));
  }
  if (ids.length === 0) return 0;
  const rows = (await db.query(
    `INSERT INTO car_daily_facts AS f (car_id, day, dealership_id, search_appearances, price, status)
     SELECT c.id, $3::date, c.dealership_id, u.n, c.price, c.status
     FROM unnest($1::int[], $2::int[]) AS u(id, n) JOIN cars c ON c.id = u.id
     ON CONFLICT (car_id, day) DO UPDATE SET search_appearances = EXCLUDED.search_appearances
     RETURNING 1`,
    [ids, counts, day],
  )) as unknown[];
  return rows.length;
}
