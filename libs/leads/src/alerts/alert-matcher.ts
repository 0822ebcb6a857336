import type { DataSource, EntityManager } from 'typeorm';
import {
  alertDedupeKey,
  AVAILABLE_STATUS_SQL,
  carAlertEvents,
  compileSavedSearch,
  DEFAULT_ALERTS_PER_DAY,
  documentKeys,
  localDayStart,
  passesVisibilityFilters,
  withinDailyLimit,
  type AlertKind,
  type CarAlertState,
  type SavedSearchCriteria,
  type SearchDocument,
} from '@platform/domain';
import { siteConfigStore } from '@platform/site-config';
import { documentsForCars } from '@platform/stock';
import { siteZone } from './site-zone';

/** Changed cars handled per transaction. */
const MATCH_BATCH = 1000;

interface CarNow extends CarAlertState {
  id: number;
  listed: boolean;
}

interface CandidateSearch {
  matches?: (document: SearchDocument) => boolean;
  id: string;
  shopper_id: string;
  criteria: SavedSearchCriteria;
  selective_keys: string[];
  channels: string[];
  frequency: string;
  email: string | null;
}

interface NewAlert {
  shopperId: string;
  savedSearchId: string | null;
  carId: number;
  kind: AlertKind;
  price: number | null;
  oldPrice: number | null;
  frequency: string;
  channels: string[];
  email: string | null;
}

export interface MatchOutcome {
  cars: number;
  /** Alerts stored (each can become a message). */
  alerts: number;
  /** New matches beyond a saved search's daily allowance: counted on the saved search, not stored. */
  counted: number;
}

export interface AlertMatcherOptions {
  now?: () => Date;
  /**
   * Notifications one shopper gets per site-local day (ALERTS_MAX_PER_SHOPPER_PER_DAY): also how many
   * new matches a saved search stores per day, since no more of them could ever be sent.
   */
  maxPerDay?: number;
}

/**
 * Turns indexed car changes into shopper alerts, incrementally: it reads only the cars the pipeline
 * recorded as changed (alert_car_changes, filled by the search indexer's drain), compares each with
 * what it last saw (alert_car_states), and looks new listings up in the saved searches' selective-key
 * index, never scanning every saved search per car. Alerts are unique per shopper and change, so
 * the same change seen twice (a feed pushed again, a retried job) alerts once.
 *
 * A saved search stores at most `maxPerDay` new matches per site-local day: a whole snapshot of new
 * cars can match one search dozens of times, and rows no daily limit would let out cost the matcher
 * and the dispatcher most of their time. The rest are counted (saved_search_unstored_matches, one row per
 * search and batch), so its new-match count on the watchlist stays exact. For a digest search this
 * means a digest lists at most maxPerDay of a search's matches a day, with a link to the search's
 * page for the rest. A car is new once (alert_car_states is written
 * in the same transaction), so counting instead of storing never counts a match twice.
 */
export class AlertMatcher {
  constructor(
    private readonly dataSource: DataSource,
    private readonly options: AlertMatcherOptions = {},
  ) {}

  private async clock(manager: EntityManager): Promise<Date> {
    if (this.options.now) return this.options.now();
    const [{ now }] = (await manager.query(`SELECT clock_timestamp() AS now`)) as [{ now: Date }];
    return now;
  }

  /** Handles every pending change of the site; returns how many cars were looked at and alerts made. */
  async run(siteId: number): Promise<MatchOutcome> {
    const total: MatchOutcome = { cars: 0, alerts: 0, counted: 0 };
    for (;;) {
      const outcome = await this.dataSource.transaction((manager) => this.batch(manager, siteId));
      if (outcome.cars === 0) break;
      total.cars += outcome.cars;
      total.alerts += outcome.alerts;
      total.counted += outcome.counted;
    }
    return total;
  }

  /** Sites with changes waiting (for the sweep). */
  async pendingSites(): Promise<number[]> {
    const rows = (await this.dataSource.query(`SELECT DISTINCT site_id FROM alert_car_changes`)) as {
      site_id: number;
    }[];
    return rows.map((row) => row.site_id);
  }

  private async batch(manager: EntityManager, siteId: number): Promise<MatchOutcome> {
    // One matcher per site at a time: two never judge changes of one car against the same last state.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('alert-match'), $1)`, [siteId]);
    const changes = (await manager.query(
      `SELECT id, car_id FROM alert_car_changes WHERE site_id = $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [siteId, MATCH_BATCH],
    )) as { id: string; car_id: number }[];
    if (changes.length === 0) return { cars: 0, alerts: 0, counted: 0 };
    const carIds = [...new Set(changes.map((change) => change.car_id))];
    // Read once the lock is held, and written as the rows' created_at: the day the allowance is
    // counted in and the dates the watchlist compares with its last view are the same clock.
    const now = await this.clock(manager);

    const cars = (await manager.query(
      `SELECT c.id, c.price, c.status, c.reserved,
              (c.withdrawn_at IS NULL AND c.show_on_dealer_website
               AND (c.status IN ${AVAILABLE_STATUS_SQL} OR (c.status = 'sold' AND c.listed_until > $2))) AS listed
       FROM cars c WHERE c.id = ANY($1::int[])`,
      [carIds, now.toISOString()],
    )) as CarNow[];
    const before = new Map(
      (
        (await manager.query(
          `SELECT car_id, price, status, reserved FROM alert_car_states WHERE car_id = ANY($1::int[])`,
          [carIds],
        )) as (CarAlertState & { car_id: number })[]
      ).map((row) => [row.car_id, row]),
    );

    // A suspended or retired site (issue 51) makes no alerts: its changes are still taken and its
    // cars' states recorded, so nothing it saw while stopped alerts late once it is active again.
    const [site] = (await manager.query(
      `SELECT (status = 'active' AND retired_at IS NULL) AS serving FROM sites WHERE id = $1`,
      [siteId],
    )) as { serving: boolean }[];
    const serving = site?.serving === true;
    const newCars: number[] = [];
    const carEvents: { car: CarNow; kind: AlertKind; oldPrice: number | null }[] = [];
    for (const car of serving ? cars : []) {
      const previous = before.get(car.id) ?? null;
      for (const kind of carAlertEvents(previous, car)) {
        if (kind === 'new_match') newCars.push(car.id);
        else carEvents.push({ car, kind, oldPrice: previous?.price ?? null });
      }
    }

    // concat, not push(...): a snapshot of new cars can make more alerts than a call takes arguments.
    let alerts: NewAlert[] = [];
    let counted = 0;
    if (newCars.length > 0) {
      const matches = await this.withinDailyAllowance(
        manager,
        siteId,
        await this.newMatches(manager, siteId, newCars, now),
        now,
      );
      alerts = matches.stored;
      counted = await countUnstored(manager, matches.unstored, now);
    }
    if (carEvents.length > 0) alerts = alerts.concat(await this.followerAlerts(manager, siteId, carEvents));
    const made = await insertAlerts(manager, siteId, alerts, now);

    if (cars.length > 0) {
      await manager.query(
        `INSERT INTO alert_car_states (car_id, price, status, reserved, updated_at)
         SELECT * , now() FROM unnest($1::int[], $2::int[], $3::text[], $4::boolean[])
         ON CONFLICT (car_id) DO UPDATE SET price = EXCLUDED.price, status = EXCLUDED.status, reserved = EXCLUDED.reserved, updated_at = now()`,
        [cars.map((c) => c.id), cars.map((c) => c.price), cars.map((c) => c.status), cars.map((c) => c.reserved)],
      );
    }
    await manager.query(`DELETE FROM alert_car_changes WHERE id = ANY($1::bigint[])`, [changes.map((c) => c.id)]);
    return { cars: carIds.length, alerts: made, counted };
  }

  /**
   * Splits new matches per saved search into those stored as alerts (the oldest first, while the
   * search has stored fewer than maxPerDay today in the site's zone) and a count of the rest.
   */
  private async withinDailyAllowance(
    manager: EntityManager,
    siteId: number,
    matches: NewAlert[],
    now: Date,
  ): Promise<{ stored: NewAlert[]; unstored: Map<string, number> }> {
    const bySearch = new Map<string, NewAlert[]>();
    for (const match of matches) {
      const id = match.savedSearchId as string;
      const list = bySearch.get(id);
      if (list) list.push(match);
      else bySearch.set(id, [match]);
    }
    if (bySearch.size === 0) return { stored: [], unstored: new Map() };
    const dayStart = localDayStart(now, await siteZone(manager, siteId));
    const storedToday = new Map(
      (
        (await manager.query(
          `SELECT saved_search_id AS id, count(*)::int AS n FROM shopper_alerts
           WHERE saved_search_id = ANY($1::uuid[]) AND kind = 'new_match' AND created_at >= $2 GROUP BY saved_search_id`,
          [[...bySearch.keys()], dayStart.toISOString()],
        )) as { id: string; n: number }[]
      ).map((row) => [row.id, row.n]),
    );
    let stored: NewAlert[] = [];
    const unstored = new Map<string, number>();
    for (const [id, list] of bySearch) {
      const split = withinDailyLimit(list, storedToday.get(id) ?? 0, this.options.maxPerDay ?? DEFAULT_ALERTS_PER_DAY);
      stored = stored.concat(split.send);
      if (split.capped.length > 0) unstored.set(id, split.capped.length);
    }
    return { stored, unstored };
  }

  /** Saved searches a newly listed car matches: looked up by the car's selective keys, then checked in full. */
  private async newMatches(manager: EntityManager, siteId: number, carIds: number[], now: Date): Promise<NewAlert[]> {
    const site = await siteConfigStore(this.dataSource).site({ id: siteId });
    if (!site) return [];
    const { documents } = await documentsForCars(manager, siteId, carIds, now);
    const shown = documents.filter((doc) => passesVisibilityFilters(doc, site.scope.visibilityFilters));
    if (shown.length === 0) return [];
    const keysOf = new Map(shown.map((doc) => [doc.id, documentKeys(doc)]));
    const allKeys = [...new Set([...keysOf.values()].flat())];
    const searches = (await manager.query(
      `SELECT id, shopper_id, criteria, selective_keys, channels, frequency, email FROM saved_searches
       WHERE site_id = $1 AND NOT paused AND selective_keys && $2::text[]`,
      [siteId, allKeys],
    )) as CandidateSearch[];
    const byKey = new Map<string, CandidateSearch[]>();
    for (const search of searches) {
      for (const key of search.selective_keys) {
        const filed = byKey.get(key);
        if (filed) filed.push(search);
        else byKey.set(key, [search]);
      }
    }

    const alerts: NewAlert[] = [];
    for (const doc of shown) {
      const seen = new Set<string>();
      for (const key of keysOf.get(doc.id) ?? []) {
        for (const search of byKey.get(key) ?? []) {
          if (seen.has(search.id)) continue;
          seen.add(search.id);
          search.matches ??= compileSavedSearch(search.criteria);
          if (search.matches(doc)) alerts.push(newMatch(search, doc));
        }
      }
    }
    return alerts;
  }

  /** Followers (watchlist items with alerts on) of cars that dropped in price, were reserved or sold. */
  private async followerAlerts(
    manager: EntityManager,
    siteId: number,
    events: { car: CarNow; kind: AlertKind; oldPrice: number | null }[],
  ): Promise<NewAlert[]> {
    const followers = (await manager.query(
      `SELECT w.shopper_id, w.car_id, w.alert_channels, w.alert_frequency, w.alert_email
       FROM watchlist_items w JOIN shoppers s ON s.id = w.shopper_id
       WHERE w.car_id = ANY($1::int[]) AND NOT w.alerts_paused AND s.site_id = $2`,
      [[...new Set(events.map((e) => e.car.id))], siteId],
    )) as {
      shopper_id: string;
      car_id: number;
      alert_channels: string[];
      alert_frequency: string;
      alert_email: string | null;
    }[];
    const alerts: NewAlert[] = [];
    for (const event of events) {
      for (const follower of followers.filter((f) => f.car_id === event.car.id)) {
        alerts.push({
          shopperId: follower.shopper_id,
          savedSearchId: null,
          carId: event.car.id,
          kind: event.kind,
          price: event.car.price,
          oldPrice: event.kind === 'price_drop' ? event.oldPrice : null,
          frequency: follower.alert_frequency,
          channels: follower.alert_channels,
          email: follower.alert_email,
        });
      }
    }
    return alerts;
  }
}

const newMatch = (search: CandidateSearch, doc: SearchDocument): NewAlert => ({
  shopperId: search.shopper_id,
  savedSearchId: search.id,
  carId: doc.id,
  kind: 'new_match',
  price: doc.price,
  oldPrice: null,
  frequency: search.frequency,
  channels: search.channels,
  email: search.email,
});

/** Records the counted matches of each saved search (one insert, no lock on the searches); returns how many. */
async function countUnstored(manager: EntityManager, unstored: Map<string, number>, now: Date): Promise<number> {
  if (unstored.size === 0) return 0;
  await manager.query(
    `INSERT INTO saved_search_unstored_matches (saved_search_id, matches, created_at)
     SELECT id, n, $3 FROM unnest($1::uuid[], $2::int[]) AS t(id, n)`,
    [[...unstored.keys()], [...unstored.values()], now.toISOString()],
  );
  return [...unstored.values()].reduce((sum, n) => sum + n, 0);
}

/** Stores alerts once each (the dedupe key); returns how many were new. */
async function insertAlerts(manager: EntityManager, siteId: number, alerts: NewAlert[], now: Date): Promise<number> {
  if (alerts.length === 0) return 0;
  const rows = (await manager.query(
    `WITH made AS (
       INSERT INTO shopper_alerts (shopper_id, site_id, saved_search_id, car_id, kind, dedupe_key, price, old_price, frequency, channels, email, status, created_at)
       SELECT a.shopper_id, $1, a.saved_search_id, a.car_id, a.kind, a.dedupe_key, a.price, a.old_price, a.frequency,
              string_to_array(a.channels, ','), a.email, CASE WHEN a.frequency = 'digest' THEN 'digest' ELSE 'pending' END, $12
       FROM unnest($2::uuid[], $3::uuid[], $4::int[], $5::text[], $6::text[], $7::int[], $8::int[], $9::text[], $10::text[], $11::text[])
         AS a(shopper_id, saved_search_id, car_id, kind, dedupe_key, price, old_price, frequency, channels, email)
       ON CONFLICT (shopper_id, dedupe_key) DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM made`,
    [
      siteId,
      alerts.map((a) => a.shopperId),
      alerts.map((a) => a.savedSearchId),
      alerts.map((a) => a.carId),
      alerts.map((a) => a.kind),
      alerts.map((a) => alertDedupeKey(a.kind, { savedSearchId: a.savedSearchId, carId: a.carId, price: a.price })),
      alerts.map((a) => a.price),
      alerts.map((a) => a.oldPrice),
      alerts.map((a) => a.frequency),
      alerts.map((a) => a.channels.join(',')),
      alerts.map((a) => a.email),
      now.toISOString(),
    ],
  )) as [{ n: number }];
  return rows[0].n;
}
