import { randomBytes } from 'node:crypto';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import {
  AVAILABLE_STATUS_SQL,
  carSlug,
  DEFAULT_PHOTO_RECHECK_HOURS,
  displayKey,
  dropNonMediaAddresses,
  FEED_CAR_FIELDS,
  FEED_LIMITS,
  FeedCarSchema,
  type IgnoredFeedField,
  listedUntil,
  normaliseRawFields,
  overlongText,
  sanitiseFeedRow,
  type FeedCar,
} from '@platform/domain';
import {
  FEED_RUN_MAX_WARNINGS,
  FeedPayloadEntity,
  FeedRunEntity,
  FINISHED_FEED_RUN_STATUSES,
  type FeedRowError,
  type FeedRunCounts,
} from '@platform/db';
import { siteConfigStore } from '@platform/site-config';
import { FeedFormatError, parseFeed, type FeedContentType, type FeedRow } from './feed-format';
import { toCarRecord, type CarRecord } from './car-record';
import { EMPTY_COUNTS, FeedRuns, heldSnapshotDetail } from './feed-runs';
import { linkCarPhotos } from '../photos/car-photos';

/** Cars applied per transaction: big enough to be quick, small enough to keep locks short. */
export const INGEST_BATCH_SIZE = 500;
/** Rows checked between two yields to the event loop. */
const CHECK_YIELD_EVERY = 500;
/** Row errors kept on a run; errors_omitted counts the rest. */
export const MAX_RUN_ERRORS = 1000;
/** Warnings kept on a run; warnings_omitted counts the rest (photo warnings appended later keep it too). */
export const MAX_RUN_WARNINGS = FEED_RUN_MAX_WARNINGS;
// Advisory-lock namespace for 'applying a feed to a dealership's cars', held for a whole run.
const DEALERSHIP_FEED_LOCK = 0xfeed;
/**
 * SQLSTATE classes a row's values can cause (data exception, integrity constraint, program limit
 * such as an index row too large): the batch is split to find the row. Anything else (a lost
 * connection, a bug) fails the attempt, and the job is retried.
 */
const ROW_CAUSED_SQLSTATE = /^(22|23|54)/;

/** A list capped at `max`, and how many it left out. */
const capped = <T>(items: T[], max: number): { kept: T[]; omitted: number } => ({
  kept: items.slice(0, max),
  omitted: Math.max(0, items.length - max),
});

type Checked =
  | { row: number; stocknum: string; car: FeedCar; locationId: number | null; errors?: undefined }
  | { row: number; stocknum: string | null; car?: undefined; errors: { path: string; message: string }[] };

export type IngestOutcome =
  | { outcome: 'applied'; siteId: number; status: 'succeeded' | 'partial'; changed: number }
  | { outcome: 'held' | 'failed' | 'skipped'; siteId: number | null; status: FeedRunEntity['status'] }
  /** An earlier run of the dealership is not finished yet: try again shortly; nothing was done. */
  | { outcome: 'waiting'; siteId: number; status: FeedRunEntity['status']; behind: string | null };

interface RunContext {
  run: FeedRunEntity;
  siteId: number;
  dealershipSlug: string;
  includeSoldDays: number;
}

const stocknumOf = (value: unknown): string | null => {
  if (typeof value !== 'object' || value === null) return null;
  const raw = (value as Record<string, unknown>)['stocknum'];
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : typeof raw === 'number' ? String(raw) : null;
};

const add = (counts: FeedRunCounts, delta: Partial<FeedRunCounts>): FeedRunCounts =>
  Object.fromEntries(
    Object.entries(counts).map(([key, value]) => [key, value + (delta[key as keyof FeedRunCounts] ?? 0)]),
  ) as unknown as FeedRunCounts;

/**
 * Applies a stored feed run to the dealership's cars (the feed-ingest job). Every batch is one
 * transaction that also records the run's progress and writes the car_changes outbox, so a crash
 * leaves no half-written batch and a retry resumes after the last committed one.
 */
export class FeedIngest {
  private readonly runs: FeedRuns;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: {
      batchSize?: number;
      now?: () => Date;
      runs?: FeedRuns;
      /** A photo address asked within this long is not asked again (MEDIA_RECHECK_HOURS). */
      photoRecheckAfterMs?: number;
    } = {},
  ) {
    this.runs = options.runs ?? new FeedRuns(dataSource);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /**
   * Applies the run unless an earlier run of the same dealership is still queued or running (runs
   * apply one at a time, in the order received): then it answers 'waiting' and changes nothing.
   * The dealership's advisory lock is held on a connection of its own for the whole run, so two
   * workers can never interleave one dealership's runs; a crashed worker's lock goes with its connection.
   */
  async run(feedRunId: string): Promise<IngestOutcome> {
    const context = await this.load(feedRunId);
    if (!context) return { outcome: 'skipped', siteId: null, status: 'failed' };
    const { run, siteId } = context;
    if (FINISHED_FEED_RUN_STATUSES.includes(run.status)) return { outcome: 'skipped', siteId, status: run.status };
    if (run.status === 'held' && !run.confirmed_at) return { outcome: 'skipped', siteId, status: run.status };

    const behind = await this.earlierUnfinishedRun(run);
    if (behind) return { outcome: 'waiting', siteId, status: run.status, behind };
    const lock = this.dataSource.createQueryRunner();
    await lock.connect();
    try {
      const [{ locked }] = (await lock.query('SELECT pg_try_advisory_lock($1, $2) AS locked', [
        DEALERSHIP_FEED_LOCK,
        run.dealership_id,
      ])) as [{ locked: boolean }];
      if (!locked) return { outcome: 'waiting', siteId, status: run.status, behind: null };
      try {
        return await this.apply(context);
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1, $2)', [DEALERSHIP_FEED_LOCK, run.dealership_id]);
      }
    } finally {
      await lock.release();
    }
  }

  /** The oldest earlier run of the dealership that is still queued or running, if any. */
  private async earlierUnfinishedRun(run: FeedRunEntity): Promise<string | null> {
    const [earlier] = (await this.dataSource.query(
      `SELECT e.id FROM feed_runs e, feed_runs r
       WHERE r.id = $2 AND e.dealership_id = $1 AND e.status IN ('queued', 'running') AND (e.received_at, e.id) < (r.received_at, r.id)
       ORDER BY e.received_at, e.id LIMIT 1`,
      [run.dealership_id, run.id],
    )) as { id: string }[];
    return earlier?.id ?? null;
  }

  private async apply(context: RunContext): Promise<IngestOutcome> {
    const { run, siteId } = context;

    const payload = await this.dataSource.getRepository(FeedPayloadEntity).findOne({ where: { feed_run_id: run.id } });
    if (!payload) return this.finishFailed(run, siteId, 'The stored payload of this run is missing.');
    let parsed;
    try {
      parsed = await parseFeed(run.content_type as FeedContentType, payload.body);
    } catch (error) {
      if (error instanceof FeedFormatError) return this.finishFailed(run, siteId, error.message);
      throw error;
    }

    const locations = await this.locationsOf(run.dealership_id);
    const { checked, notes, fieldWarnings } = await this.check(parsed.rows, locations);
    for (const problem of parsed.problems)
      checked.push({ row: problem.row, stocknum: null, errors: [{ path: '(row)', message: problem.message }] });
    checked.sort((a, b) => a.row - b.row);
    const received = checked.length;
    const columnWarnings = parsed.ignoredColumns.map(
      (column) =>
        `Column '${displayKey(column)}' has a reserved name (__proto__, constructor and prototype are never used) and was ignored`,
    );
    const { kept: warnings, omitted: warningsOmitted } = capped(
      [...columnWarnings, ...fieldWarnings, ...notes],
      MAX_RUN_WARNINGS,
    );
    const config = await siteConfigStore(this.dataSource).dealership(run.dealership_id);
    const present = new Set(checked.map((entry) => entry.stocknum).filter((s): s is string => s !== null));
    const validCount = checked.filter((entry) => entry.car).length;

    if (run.status === 'queued') {
      if (received > 0 && validCount === 0) {
        const errors = this.errorsOf(checked);
        return this.finishFailed(
          run,
          siteId,
          'Every row was rejected, so nothing was applied.',
          { received, rejected: received },
          errors,
          warnings,
          warningsOmitted,
        );
      }
      if (run.mode === 'snapshot' && !run.confirmed_at) {
        const held = await this.guard(run, present, config.inventory.mass_removal_guard);
        if (held) {
          if (!(await this.runs.hold(run, { ...held, received, warnings, warningsOmitted })))
            return this.leftAlone(run.id, siteId);
          return { outcome: 'held', siteId, status: 'held' };
        }
      }
      if (!(await this.runs.start(run, this.now(), { received, warnings, warningsOmitted })))
        return this.leftAlone(run.id, siteId);
    } else if (run.status === 'held') {
      if (!(await this.runs.start(run, this.now()))) return this.leftAlone(run.id, siteId);
    }

    let changed = 0;
    const batchSize = this.options.batchSize ?? INGEST_BATCH_SIZE;
    for (;;) {
      const applied = await this.applyNextBatch(context, checked, batchSize);
      if (applied === null) break;
      changed += applied;
    }
    const removal = await this.finish(context, present, parsed.deleted, config.inventory.snapshot_missing_action);
    // Another job finished the run first, or ops cancelled it, or the sweep failed it meanwhile.
    if (removal.status !== 'succeeded' && removal.status !== 'partial')
      return { outcome: 'skipped', siteId, status: removal.status };
    return { outcome: 'applied', siteId, status: removal.status, changed: changed + removal.changed };
  }

  /** The run changed under the ingest (ops cancelled it, the sweep failed it): nothing more is done. */
  private async leftAlone(feedRunId: string, siteId: number): Promise<IngestOutcome> {
    const [row] = (await this.dataSource.query(`SELECT status FROM feed_runs WHERE id = $1`, [feedRunId])) as {
      status: FeedRunEntity['status'];
    }[];
    return { outcome: 'skipped', siteId, status: row?.status ?? 'failed' };
  }

  private async load(feedRunId: string): Promise<RunContext | null> {
    const run = await this.dataSource
      .getRepository(FeedRunEntity)
      .findOne({ where: { id: feedRunId }, relations: { dealership: true } });
    if (!run?.dealership) return null;
    return {
      run,
      siteId: run.dealership.site_id,
      dealershipSlug: run.dealership.slug,
      includeSoldDays: run.dealership.include_sold_cars_days,
    };
  }

  private async locationsOf(
    dealershipId: number,
  ): Promise<{ byId: Map<number, number>; bySlug: Map<string, number>; primary: number | null }> {
    const rows = (await this.dataSource.query(
      `SELECT id, slug, "primary" FROM locations WHERE dealership_id = $1 ORDER BY "primary" DESC, id`,
      [dealershipId],
    )) as { id: number; slug: string; primary: boolean }[];
    return {
      byId: new Map(rows.map((row) => [row.id, row.id])),
      bySlug: new Map(rows.map((row) => [row.slug, row.id])),
      primary: rows[0]?.id ?? null,
    };
  }

  /**
   * Validates every row: made storable and shape limits first (sanitiseFeedRow: everything after it,
   * stock numbers, errors and warnings included, reads the cleaned row), then the bounded schema,
   * text lengths, stock numbers repeated within the feed and the location. Raw classification
   * fields fill absent simple_* fields, and media that is not a web address is dropped; both are
   * reported in `notes` (one note per unknown raw value). Unknown and ignored fields are reported
   * once each, in `fieldWarnings`.
   */
  private async check(
    rows: FeedRow[],
    locations: Awaited<ReturnType<FeedIngest['locationsOf']>>,
  ): Promise<{ checked: Checked[]; notes: string[]; fieldWarnings: string[] }> {
    const firstRowOf = new Map<string, number>();
    const notes: string[] = [];
    const unmappedSeen = new Set<string>();
    const fields = new FieldWarnings();
    const checked: Checked[] = [];
    for (const [index, entry] of rows.entries()) {
      // Let the job's lock be renewed during a large feed's check (see DEFAULT_WORKER_TIMING).
      if (index > 0 && index % CHECK_YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      checked.push(this.checkRow(entry, locations, { firstRowOf, notes, unmappedSeen, fields }));
    }
    return { checked, notes, fieldWarnings: fields.warnings() };
  }

  private checkRow(
    { row, value: raw }: FeedRow,
    locations: Awaited<ReturnType<FeedIngest['locationsOf']>>,
    seen: { firstRowOf: Map<string, number>; notes: string[]; unmappedSeen: Set<string>; fields: FieldWarnings },
  ): Checked {
    const { firstRowOf, notes, unmappedSeen, fields } = seen;
    const { value, problems, ignored } = sanitiseFeedRow(raw);
    fields.see(row, value, ignored);
    const stocknum = stocknumOf(value);
    if (problems.length > 0) return { row, stocknum, errors: problems };
    const result = FeedCarSchema.safeParse(value);
    if (!result.success) {
      return {
        row,
        stocknum,
        errors: result.error.issues.map((issue) => ({
          path: issue.path.map(String).join('.') || '(row)',
          message: issue.message,
        })),
      };
    }
    const tooLong = overlongText(result.data);
    if (tooLong.length > 0) return { row, stocknum, errors: tooLong };
    const normalised = normaliseRawFields(result.data);
    for (const { field, source, value: text } of normalised.unmapped) {
      const key = `${field}\u0000${text}`;
      if (unmappedSeen.has(key)) continue;
      unmappedSeen.add(key);
      notes.push(`${source} '${text}' (first in row ${row}) is not a known value for ${field}; the raw text is used`);
    }
    const media = dropNonMediaAddresses(normalised.car);
    for (const { path } of media.dropped)
      notes.push(`Row ${row}: ${path} is not a web address (https:, http: or /media/...) and was dropped`);
    const car = media.car;
    const first = firstRowOf.get(car.stocknum);
    if (first !== undefined) {
      return {
        row,
        stocknum: car.stocknum,
        errors: [
          { path: 'stocknum', message: `stocknum '${car.stocknum}' already appears in row ${first} of this feed` },
        ],
      };
    }
    firstRowOf.set(car.stocknum, row);
    let locationId = locations.primary;
    if (car.location_id != null) {
      const found = locations.byId.get(car.location_id);
      if (found === undefined)
        return {
          row,
          stocknum: car.stocknum,
          errors: [
            { path: 'location_id', message: `Location ${car.location_id} is not a location of this dealership` },
          ],
        };
      locationId = found;
    } else if (car.location_slug != null) {
      const found = locations.bySlug.get(car.location_slug);
      if (found === undefined)
        return {
          row,
          stocknum: car.stocknum,
          errors: [
            {
              path: 'location_slug',
              message: `Location '${car.location_slug}' is not a location of this dealership`,
            },
          ],
        };
      locationId = found;
    }
    return { row, stocknum: car.stocknum, car, locationId };
  }

  private errorsOf(entries: Checked[]): FeedRowError[] {
    return entries.flatMap((entry) =>
      (entry.errors ?? []).map((error) => ({ row: entry.row, stocknum: entry.stocknum, ...error })),
    );
  }

  /** Why a snapshot must be held and what it would withdraw, or null when its removals are within the guard. */
  private async guard(
    run: FeedRunEntity,
    present: Set<string>,
    share: number,
  ): Promise<{ detail: string; withdrawals: string[] } | null> {
    const live = (await this.dataSource.query(
      `SELECT stocknum FROM cars WHERE dealership_id = $1 AND withdrawn_at IS NULL AND status IN ${AVAILABLE_STATUS_SQL}`,
      [run.dealership_id],
    )) as { stocknum: string }[];
    const withdrawals = live.filter((car) => !present.has(car.stocknum)).map((car) => car.stocknum);
    const removing = withdrawals.length;
    if (live.length === 0 || removing / live.length <= share) return null;
    return { detail: heldSnapshotDetail(run.id, { removing, live: live.length, share }), withdrawals };
  }

  /** Applies the next batch after the run's recorded progress; null when every row is applied. */
  private async applyNextBatch(context: RunContext, checked: Checked[], batchSize: number): Promise<number | null> {
    return this.dataSource.transaction(async (manager) => {
      const [progress] = (await manager.query(
        `SELECT rows_applied, counts, errors, errors_omitted, status FROM feed_runs WHERE id = $1 FOR UPDATE`,
        [context.run.id],
      )) as {
        rows_applied: number;
        counts: FeedRunCounts;
        errors: FeedRowError[];
        errors_omitted: number;
        status: string;
      }[];
      if (!progress || progress.status !== 'running' || progress.rows_applied >= checked.length) return null;
      const batch = checked.slice(progress.rows_applied, progress.rows_applied + batchSize);
      const { counts, changedIds, errors: batchErrors } = await this.applyIsolating(manager, context, batch, 0);
      const { kept: errors, omitted } = capped([...progress.errors, ...batchErrors], MAX_RUN_ERRORS);
      await this.recordChanges(manager, context.siteId, changedIds);
      await this.runs.recordBatch(manager, context.run.id, {
        rowsApplied: progress.rows_applied + batch.length,
        counts: add(progress.counts, counts),
        errors,
        errorsOmitted: progress.errors_omitted + omitted,
      });
      return changedIds.length;
    });
  }

  /**
   * Applies a batch inside a savepoint. If the database refuses it for something a row holds (a
   * value validation let through), the batch is split in halves until the refused rows are alone:
   * each becomes a row error, every other row lands, and no single row can fail the run.
   */
  private async applyIsolating(
    manager: EntityManager,
    context: RunContext,
    batch: Checked[],
    depth: number,
  ): Promise<{ counts: Partial<FeedRunCounts>; changedIds: number[]; errors: FeedRowError[] }> {
    const savepoint = `feed_rows_${depth}`;
    await manager.query(`SAVEPOINT ${savepoint}`);
    try {
      const result = await this.applyRows(manager, context, batch);
      await manager.query(`RELEASE SAVEPOINT ${savepoint}`);
      return { ...result, errors: this.errorsOf(batch) };
    } catch (error) {
      const code =
        error instanceof QueryFailedError ? String((error.driverError as { code?: unknown }).code ?? '') : '';
      if (!ROW_CAUSED_SQLSTATE.test(code)) throw error;
      await manager.query(`ROLLBACK TO SAVEPOINT ${savepoint}`);
      await manager.query(`RELEASE SAVEPOINT ${savepoint}`);
      const valid = batch.filter((entry) => entry.car !== undefined);
      if (valid.length <= 1) {
        const refused = batch.map((entry): Checked =>
          entry.car === undefined
            ? entry
            : {
                row: entry.row,
                stocknum: entry.stocknum,
                errors: [
                  { path: '(row)', message: `The database could not store this row: ${(error as Error).message}` },
                ],
              },
        );
        return { counts: { rejected: batch.length }, changedIds: [], errors: this.errorsOf(refused) };
      }
      const middle = Math.ceil(batch.length / 2);
      const halves = [batch.slice(0, middle), batch.slice(middle)];
      const results = [];
      for (const half of halves) results.push(await this.applyIsolating(manager, context, half, depth + 1));
      return {
        counts: results.reduce<Partial<FeedRunCounts>>(
          (sum, part) => add({ ...EMPTY_COUNTS, ...sum }, part.counts),
          {},
        ),
        changedIds: results.flatMap((part) => part.changedIds),
        errors: results.flatMap((part) => part.errors),
      };
    }
  }

  private async applyRows(
    manager: EntityManager,
    context: RunContext,
    batch: Checked[],
  ): Promise<{ counts: Partial<FeedRunCounts>; changedIds: number[] }> {
    const counts = { created: 0, updated: 0, unchanged: 0, sold: 0, rejected: 0 };
    const valid = batch.filter((entry): entry is Extract<Checked, { car: FeedCar }> => entry.car !== undefined);
    counts.rejected = batch.length - valid.length;
    if (valid.length === 0) return { counts, changedIds: [] };

    const existing = new Map(
      (
        (await manager.query(
          `SELECT id, stocknum, status, content_hash, withdrawn_at, sold_date FROM cars WHERE dealership_id = $1 AND stocknum = ANY($2::text[]) FOR UPDATE`,
          [context.run.dealership_id, valid.map((entry) => entry.car.stocknum)],
        )) as {
          id: number;
          stocknum: string;
          status: string;
          content_hash: string | null;
          withdrawn_at: Date | null;
          sold_date: Date | null;
        }[]
      ).map((row) => [row.stocknum, row]),
    );
    const now = this.now();
    const writes: (CarRecord & { sold_date: Date | null; listed_until: Date | null; isNew: boolean })[] = [];
    for (const entry of valid) {
      const record = toCarRecord(entry.car, entry.locationId);
      const before = existing.get(record.stocknum);
      if (before && before.content_hash === record.contentHash && !before.withdrawn_at) {
        counts.unchanged += 1;
        continue;
      }
      const sold = record.columns.status === 'sold';
      const soldDate = sold ? (record.soldDate ?? (before?.status === 'sold' ? before.sold_date : null) ?? now) : null;
      writes.push({
        ...record,
        sold_date: soldDate,
        listed_until: soldDate ? listedUntil(soldDate, context.includeSoldDays) : null,
        isNew: !before,
      });
      if (!before) counts.created += 1;
      else if (sold && before.status !== 'sold') counts.sold += 1;
      else counts.updated += 1;
    }
    if (writes.length === 0) {
      await this.linkPhotos(manager, context, valid, existing, now);
      return { counts, changedIds: [] };
    }

    const slugs = await this.slugsFor(
      manager,
      context,
      writes.filter((write) => write.isNew),
    );
    const rows = writes.map((write) => ({
      ...write.columns,
      stocknum: write.stocknum,
      // Existing cars keep their slug (the update leaves it out); the value only satisfies NOT NULL.
      slug: slugs.get(write.stocknum) ?? carSlug({ ...write.columns, stocknum: write.stocknum }),
      data: write.data,
      content_hash: write.contentHash,
      sold_date: write.sold_date?.toISOString() ?? null,
      listed_until: write.listed_until?.toISOString() ?? null,
    }));
    const changed = (await manager.query(
      `INSERT INTO cars (dealership_id, ${CAR_WRITE_COLUMNS.map(([name]) => name).join(', ')})
       SELECT $1, ${CAR_WRITE_COLUMNS.map(([name]) => `r.${name}`).join(', ')}
       FROM jsonb_to_recordset($2::jsonb) AS r(${CAR_WRITE_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')})
       ON CONFLICT (dealership_id, stocknum) DO UPDATE SET
         ${CAR_WRITE_COLUMNS.filter(([name]) => name !== 'stocknum' && name !== 'slug')
           .map(([name]) => `${name} = excluded.${name}`)
           .join(', ')},
         withdrawn_at = NULL, updated_at = now()
       RETURNING id, stocknum`,
      [context.run.dealership_id, JSON.stringify(rows)],
    )) as { id: number; stocknum: string }[];
    const ids = new Map<string, { id: number }>(existing);
    for (const row of changed) ids.set(row.stocknum, { id: row.id });
    await this.linkPhotos(manager, context, valid, ids, now);
    return { counts, changedIds: changed.map((row) => row.id) };
  }

  /**
   * Every applied car, changed or not, is linked to the photo addresses it carries, in this batch's
   * transaction; due checks go to the photo_fetches outbox (see linkCarPhotos). An unchanged car is
   * linked too: its photos' re-checks are due on the daily snapshot that repeats it, and its warnings
   * belong to the latest run that carried it.
   */
  private async linkPhotos(
    manager: EntityManager,
    context: RunContext,
    valid: Extract<Checked, { car: FeedCar }>[],
    ids: Map<string, { id: number }>,
    now: Date,
  ): Promise<void> {
    await linkCarPhotos(
      manager,
      valid.flatMap((entry) => {
        const id = ids.get(entry.car.stocknum)?.id;
        return id === undefined ? [] : [{ carId: id, row: entry.row, stocknum: entry.car.stocknum, car: entry.car }];
      }),
      {
        dealershipId: context.run.dealership_id,
        feedRunId: context.run.id,
        now,
        recheckAfterMs: this.options.photoRecheckAfterMs ?? DEFAULT_PHOTO_RECHECK_HOURS * 3_600_000,
      },
    );
  }

  /** Slugs for new cars: '{year}-{make}-{model}-{badge}-{stocknum}', with the dealership added on a clash. */
  private async slugsFor(
    manager: EntityManager,
    context: RunContext,
    records: CarRecord[],
  ): Promise<Map<string, string>> {
    const wanted = new Map(
      records.map((record) => [record.stocknum, carSlug({ ...record.columns, stocknum: record.stocknum })]),
    );
    const candidates = [...wanted.values()].flatMap((slug) => [slug, `${slug}-${context.dealershipSlug}`]);
    const taken = new Set(
      (
        (await manager.query(`SELECT slug FROM cars WHERE slug = ANY($1::text[])`, [candidates])) as { slug: string }[]
      ).map((row) => row.slug),
    );
    const result = new Map<string, string>();
    for (const [stocknum, slug] of wanted) {
      const choice = !taken.has(slug)
        ? slug
        : !taken.has(`${slug}-${context.dealershipSlug}`)
          ? `${slug}-${context.dealershipSlug}`
          : `${slug}-${randomBytes(3).toString('hex')}`;
      taken.add(choice);
      result.set(stocknum, choice);
    }
    return result;
  }

  private async recordChanges(manager: EntityManager, siteId: number, carIds: number[]): Promise<void> {
    if (carIds.length === 0) return;
    await manager.query(`INSERT INTO car_changes (site_id, car_id) SELECT $1, unnest($2::int[])`, [siteId, carIds]);
  }

  /**
   * Snapshot: live cars the feed no longer lists become sold (sold_date now) or withdrawn, per the
   * dealership's snapshot_missing_action. Delta: the listed 'deleted' stock numbers are withdrawn.
   */
  private async finish(
    context: RunContext,
    present: Set<string>,
    deleted: string[],
    missingAction: 'sold' | 'withdrawn',
  ): Promise<{ status: FeedRunEntity['status']; changed: number }> {
    return this.dataSource.transaction(async (manager) => {
      const [progress] = (await manager.query(
        `SELECT counts, warnings, warnings_omitted, status FROM feed_runs WHERE id = $1 FOR UPDATE`,
        [context.run.id],
      )) as {
        counts: FeedRunCounts;
        warnings: string[];
        warnings_omitted: number;
        status: string;
      }[];
      if (!progress || progress.status !== 'running')
        return { status: (progress?.status ?? 'failed') as FeedRunEntity['status'], changed: 0 };
      const now = this.now();
      let removed: { id: number }[] = [];
      const delta: Partial<FeedRunCounts> = {};
      const warnings = [...progress.warnings];
      if (context.run.mode === 'snapshot') {
        const absent = (await manager.query(
          `SELECT id, stocknum FROM cars WHERE dealership_id = $1 AND withdrawn_at IS NULL AND status IN ${AVAILABLE_STATUS_SQL} FOR UPDATE`,
          [context.run.dealership_id],
        )) as { id: number; stocknum: string }[];
        const ids = absent.filter((car) => !present.has(car.stocknum)).map((car) => car.id);
        if (ids.length > 0 && missingAction === 'sold') {
          removed = (await manager.query(
            `WITH changed AS (UPDATE cars SET status = 'sold', sold_date = $2, listed_until = $3, content_hash = NULL, updated_at = now()
               WHERE id = ANY($1::int[]) RETURNING id) SELECT id FROM changed`,
            [ids, now.toISOString(), listedUntil(now, context.includeSoldDays).toISOString()],
          )) as { id: number }[];
          delta.sold = removed.length;
        } else if (ids.length > 0) {
          removed = await this.withdraw(manager, ids, now);
          delta.withdrawn = removed.length;
        }
      } else if (deleted.length > 0) {
        const found = (await manager.query(
          `SELECT id, stocknum FROM cars WHERE dealership_id = $1 AND stocknum = ANY($2::text[]) AND withdrawn_at IS NULL FOR UPDATE`,
          [context.run.dealership_id, deleted],
        )) as { id: number; stocknum: string }[];
        const foundStocknums = new Set(found.map((car) => car.stocknum));
        for (const stocknum of deleted) {
          if (!foundStocknums.has(stocknum))
            warnings.push(
              `deleted: stocknum '${displayKey(stocknum)}' is not in this dealership's live stock; nothing to withdraw`,
            );
        }
        removed = await this.withdraw(
          manager,
          found.map((car) => car.id),
          now,
        );
        delta.withdrawn = removed.length;
      }
      await this.recordChanges(
        manager,
        context.siteId,
        removed.map((row) => row.id),
      );
      const counts = add(progress.counts, delta);
      const status = counts.rejected > 0 ? 'partial' : 'succeeded';
      const { kept, omitted } = capped(warnings, MAX_RUN_WARNINGS);
      await this.runs.finish(manager, context.run.id, {
        status,
        counts,
        warnings: kept,
        warningsOmitted: progress.warnings_omitted + omitted,
      });
      return { status, changed: removed.length };
    });
  }

  private async withdraw(manager: EntityManager, ids: number[], now: Date): Promise<{ id: number }[]> {
    if (ids.length === 0) return [];
    return (await manager.query(
      `WITH changed AS (UPDATE cars SET withdrawn_at = $2, content_hash = NULL, updated_at = now() WHERE id = ANY($1::int[]) RETURNING id) SELECT id FROM changed`,
      [ids, now.toISOString()],
    )) as { id: number }[];
  }

  private async finishFailed(
    run: FeedRunEntity,
    siteId: number,
    detail: string,
    counts: Partial<FeedRunCounts> = {},
    errors: FeedRowError[] = [],
    warnings: string[] = [],
    warningsOmitted = 0,
  ): Promise<IngestOutcome> {
    const kept = capped(errors, MAX_RUN_ERRORS);
    await this.runs.fail(run, {
      detail,
      counts: { ...run.counts, ...counts },
      errors: kept.kept,
      errorsOmitted: kept.omitted,
      warnings,
      warningsOmitted,
      at: this.now(),
    });
    return { outcome: 'failed', siteId, status: 'failed' };
  }
}

/** Unknown and ignored fields of a feed's cleaned rows, each reported once with the first row it is in. */
class FieldWarnings {
  private readonly unknown = new Map<string, number>();
  private readonly ignored = new Map<string, { row: number; reason: IgnoredFeedField['reason'] }>();

  see(row: number, value: unknown, ignored: IgnoredFeedField[]): void {
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      for (const key of Object.keys(value))
        if (!FEED_CAR_FIELDS.has(key) && !this.unknown.has(key)) this.unknown.set(key, row);
    for (const { path, reason } of ignored) if (!this.ignored.has(path)) this.ignored.set(path, { row, reason });
  }

  warnings(): string[] {
    return [
      ...[...this.unknown].map(
        ([field, row]) =>
          `Unknown field '${displayKey(field)}' (first in row ${row}) is kept with the car but not used by the platform`,
      ),
      ...[...this.ignored].map(
        ([path, { row, reason }]) =>
          `Field '${displayKey(path)}' (first in row ${row}) ${reason === 'reserved' ? 'has a reserved name (__proto__, constructor and prototype are never used)' : `has a name longer than ${FEED_LIMITS.fieldNameChars} characters`} and was ignored`,
      ),
    ];
  }
}

/** Car columns a feed writes, with their types for jsonb_to_recordset. */
const CAR_WRITE_COLUMNS: readonly (readonly [string, string])[] = [
  ['location_id', 'int'],
  ['stocknum', 'text'],
  ['slug', 'text'],
  ['car_type', 'text'],
  ['status', 'text'],
  ['make', 'text'],
  ['model', 'text'],
  ['badge', 'text'],
  ['year', 'int'],
  ['price', 'int'],
  ['before_price', 'int'],
  ['subscription_price', 'int'],
  ['km', 'int'],
  ['simple_body', 'text'],
  ['simple_fuel', 'text'],
  ['simple_transmission', 'text'],
  ['simple_drive', 'text'],
  ['colour', 'text'],
  ['seats', 'int'],
  ['tag', 'text'],
  ['certified', 'boolean'],
  ['feed_reserved', 'boolean'],
  ['show_on_dealer_website', 'boolean'],
  ['custom_rank', 'int'],
  ['sold_date', 'timestamptz'],
  ['listed_until', 'timestamptz'],
  ['data', 'jsonb'],
  ['content_hash', 'text'],
];
