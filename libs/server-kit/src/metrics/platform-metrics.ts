import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { FEED_RUN_STATUSES } from '@platform/db';
import { QUEUE_KEYS, type QueueProducer } from '@platform/queues';
import { InMemorySearchEngine, type SearchEngine } from '@platform/search';

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
/** Seconds: from a cached search answer (ms) to a slow page render. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a photo fetch, from a 304 on the same network to a 25 MB photo over a slow dealer line. */
const FETCH_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];
/**
 * Dealer hosts with a label of their own on the photo fetch metrics: the first this process sees;
 * every later host is counted as 'other'. A platform has a few dozen stock systems and dealer
 * hosts, and a label per host would be unbounded with a hostile feed.
 */
export const MEDIA_HOST_LABELS = 25;
/** Seconds: jobs run from milliseconds (an event) to minutes (a reindex). */
const JOB_BUCKETS = [0.01, 0.05, 0.25, 1, 5, 15, 60, 300];
/**
 * Days a dealer's own domain may stay pending before it counts as stalled: onboarding takes minutes
 * and DNS records spread within hours, so one still unseen after this was never set (or set wrong).
 */
export const SITE_HOST_PENDING_STALE_DAYS = 3;

/**
 * The Prometheus metrics of one process (api or worker), in a registry of its own. Request, job and
 * search timings are observed as they happen; queue depths, feed runs and outbox backlogs are read
 * from Redis and PostgreSQL when Prometheus scrapes, so they are never stale and cost nothing
 * between scrapes. Labels are bounded: routes are patterns, never raw paths.
 */
export class PlatformMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly jobDuration: Histogram<'queue' | 'outcome'>;
  readonly jobFailures: Counter<'queue'>;
  readonly searchDuration: Histogram<'engine'>;
  /** The photo ingest's counters, in the shape libs/media's MediaMetrics port asks for. */
  readonly media: {
    queued(count: number): void;
    fetch(host: string, outcome: 'fetched' | 'not-modified' | 'failed', seconds: number): void;
    refused(reason: string): void;
    unreachable(reason: string): void;
    stored(bytes: number): void;
    variants(count: number): void;
    deferred(host: string): void;
    storeHealth(healthy: boolean): void;
    storeFailed(failure: string): void;
  };
  /** Lead delivery's lanes, in the shape libs/leads' LeadDeliveryMetrics port asks for. */
  readonly leads: {
    lanes(read: () => Promise<{ lane: string; state: { state: 'closed' | 'open' | 'half-open' } }[]>): void;
    deferred(kind: 'lane-busy' | 'open' | 'probing'): void;
  };
  private readonly mediaHosts = new Set<string>();

  constructor(options: { appName: string; dataSource: DataSource; producer: QueueProducer; stuckAfterMs: number }) {
    const { dataSource, producer, stuckAfterMs } = options;
    const registers = [this.registry];
    this.registry.setDefaultLabels({ app: options.appName });
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'queue_job_duration_seconds',
      help: 'BullMQ jobs processed, by queue and outcome',
      labelNames: ['queue', 'outcome'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.jobFailures = new Counter({
      name: 'queue_job_failures_total',
      help: 'BullMQ job attempts that failed, by queue',
      labelNames: ['queue'],
      registers,
    });
    this.searchDuration = new Histogram({
      name: 'search_query_duration_seconds',
      help: 'Search engine queries (cache misses), by engine',
      labelNames: ['engine'],
      buckets: LATENCY_BUCKETS,
      registers,
    });

    this.media = this.mediaMetrics(registers);
    this.leads = this.leadMetrics(registers);
    new Gauge({
      name: 'media_photos',
      help: 'Dealer photo addresses by status (pending, stored, refused, unreachable)',
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = (await dataSource.query(`SELECT status, count(*)::int AS n FROM photos GROUP BY status`)) as {
          status: string;
          n: number;
        }[];
        for (const status of ['pending', 'stored', 'refused', 'unreachable'])
          this.set({ status }, rows.find((row) => row.status === status)?.n ?? 0);
      },
    });
    new Gauge({
      name: 'media_photos_spooled',
      help: 'Dealer photos fetched whose bytes wait for the media store (it failed: a full disk, S3 failing); stored once it takes writes again',
      registers,
      async collect() {
        const [row] = (await dataSource.query(`SELECT count(*)::int AS n FROM photo_spool`)) as { n: number }[];
        this.set(row?.n ?? 0);
      },
    });
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in each queue by state',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        for (const key of QUEUE_KEYS) {
          const queue = producer.queue(key);
          const counts = await queue.getJobCounts(...JOB_STATES);
          for (const state of JOB_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
        }
      },
    });
    new Gauge({
      name: 'feed_runs',
      help: 'Feed runs by status',
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = (await dataSource.query(`SELECT status, count(*)::int AS n FROM feed_runs GROUP BY status`)) as {
          status: string;
          n: number;
        }[];
        for (const status of FEED_RUN_STATUSES) this.set({ status }, rows.find((row) => row.status === status)?.n ?? 0);
      },
    });
    new Gauge({
      name: 'feed_runs_stuck',
      help: 'Feed runs running with no progress for FEED_RUN_STUCK_AFTER_MS',
      registers,
      async collect() {
        const [row] = (await dataSource.query(
          `SELECT count(*)::int AS n FROM feed_runs WHERE status = 'running' AND updated_at < now() - make_interval(secs => $1)`,
          [stuckAfterMs / 1000],
        )) as { n: number }[];
        this.set(row?.n ?? 0);
      },
    });
    new Gauge({
      name: 'site_hosts_failing',
      help: 'Custom domains that stopped verifying (their TXT record missed 3 checks in a row): still served, flagged for ops to ask the dealer',
      registers,
      async collect() {
        const [row] = (await dataSource.query(
          `SELECT count(*)::int AS n FROM site_hosts h JOIN sites s ON s.id = h.site_id WHERE h.status = 'failing' AND s.retired_at IS NULL`,
        )) as { n: number }[];
        this.set(row?.n ?? 0);
      },
    });
    new Gauge({
      name: 'site_hosts_pending_stale',
      help: `Custom domains of live sites still pending ${SITE_HOST_PENDING_STALE_DAYS} days after they were added: they serve nothing until the dealer sets the records they were given`,
      registers,
      async collect() {
        // Development hosts verify at once; one pending is no dealer's to chase.
        const [row] = (await dataSource.query(
          `SELECT count(*)::int AS n FROM site_hosts h JOIN sites s ON s.id = h.site_id
           WHERE h.status = 'pending' AND s.retired_at IS NULL AND h.host <> 'localhost' AND h.host NOT LIKE '%.localhost'
             AND h.created_at < now() - make_interval(days => $1)`,
          [SITE_HOST_PENDING_STALE_DAYS],
        )) as { n: number }[];
        this.set(row?.n ?? 0);
      },
    });
    new Gauge({
      name: 'outbox_backlog',
      help: 'Rows waiting in an outbox: lead deliveries pending, car changes not yet indexed, indexed changes not yet matched for alerts, alert messages pending, stored photos whose cars are not yet settled',
      labelNames: ['outbox'],
      registers,
      async collect() {
        const [row] = (await dataSource.query(
          `SELECT (SELECT count(*)::int FROM lead_outbox WHERE status = 'pending') AS leads, (SELECT count(*)::int FROM car_changes) AS cars,
                  (SELECT count(*)::int FROM alert_car_changes) AS alert_cars, (SELECT count(*)::int FROM alert_messages WHERE status = 'pending') AS alerts,
                  (SELECT count(*)::int FROM photos WHERE settle_due) AS photo_settles`,
        )) as { leads: number; cars: number; alert_cars: number; alerts: number; photo_settles: number }[];
        this.set({ outbox: 'lead_outbox' }, row?.leads ?? 0);
        this.set({ outbox: 'car_changes' }, row?.cars ?? 0);
        this.set({ outbox: 'alert_car_changes' }, row?.alert_cars ?? 0);
        this.set({ outbox: 'alert_messages' }, row?.alerts ?? 0);
        this.set({ outbox: 'photo_settles' }, row?.photo_settles ?? 0);
      },
    });
    new Gauge({
      name: 'reservation_refunds_pending',
      help: 'Deposit refunds owed and not yet confirmed by the payment provider (the reservation sweep retries them)',
      registers,
      async collect() {
        const [row] = (await dataSource.query(`SELECT count(*)::int AS n FROM reservations WHERE refund_due`)) as {
          n: number;
        }[];
        this.set(row?.n ?? 0);
      },
    });
    new Gauge({
      name: 'reservation_refund_oldest_pending_seconds',
      help: 'Seconds since the longest-owed pending deposit refund was owed (0: none): alert when a refund stays owed',
      registers,
      async collect() {
        const [row] = (await dataSource.query(
          `SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(COALESCE(ended_at, updated_at))), 0)::float AS s
           FROM reservations WHERE refund_due`,
        )) as { s: number }[];
        this.set(row?.s ?? 0);
      },
    });
  }

  /** The dealer host as a label: its own for the first MEDIA_HOST_LABELS hosts, 'other' after. */
  private mediaHost(host: string): string {
    if (this.mediaHosts.has(host)) return host;
    if (this.mediaHosts.size >= MEDIA_HOST_LABELS) return 'other';
    this.mediaHosts.add(host);
    return host;
  }

  private mediaMetrics(registers: Registry[]): PlatformMetrics['media'] {
    const queued = new Counter({
      name: 'media_photos_queued_total',
      help: 'Photo checks put on the media queue',
      registers,
    });
    const fetches = new Histogram({
      name: 'media_fetch_duration_seconds',
      help: 'Photo fetches by dealer host (the first hosts seen, then other) and outcome: fetched (bytes), not-modified (304), failed',
      labelNames: ['host', 'outcome'],
      buckets: FETCH_BUCKETS,
      registers,
    });
    const refused = new Counter({
      name: 'media_photos_refused_total',
      help: 'Photos refused, by reason (html, too-large, too-many-pixels, address-refused...)',
      labelNames: ['reason'],
      registers,
    });
    const unreachable = new Counter({
      name: 'media_photos_unreachable_total',
      help: 'Photos that could not be fetched, by reason (http-404, unreachable, host-circuit-open...)',
      labelNames: ['reason'],
      registers,
    });
    const bytes = new Counter({
      name: 'media_bytes_stored_total',
      help: 'Bytes written to the media store',
      registers,
    });
    const variants = new Counter({
      name: 'media_variants_generated_total',
      help: 'Photo variants generated',
      registers,
    });
    const storeFailures = new Counter({
      name: 'media_store_failures_total',
      help: 'Writes to the media store that failed, by what it answered (ENOSPC, EIO, SlowDown, s3-503...): the platform’s own failure, never a dealer’s',
      labelNames: ['failure'],
      registers,
    });
    // Made on the worker's first report, so a process that never writes photos (the api) shows none.
    let storeHealthy: Gauge | null = null;
    const deferred = new Counter({
      name: 'media_fetches_deferred_total',
      help: 'Photo fetches put off because their host’s circuit breaker is open, by host',
      labelNames: ['host'],
      registers,
    });
    // Reasons are the platform's own words (sniffPhoto, guardedFetch, http-<status>), cut to a safe length.
    const reasonLabel = (reason: string) => (/^[a-z0-9-]{1,40}$/.test(reason) ? reason : 'other');
    return {
      queued: (count) => queued.inc(count),
      fetch: (host, outcome, seconds) => fetches.observe({ host: this.mediaHost(host), outcome }, seconds),
      refused: (reason) => refused.inc({ reason: reasonLabel(reason) }),
      unreachable: (reason) => unreachable.inc({ reason: reasonLabel(reason) }),
      stored: (count) => bytes.inc(count),
      variants: (count) => variants.inc(count),
      deferred: (host) => deferred.inc({ host: this.mediaHost(host) }),
      storeHealth: (healthy) => {
        storeHealthy ??= new Gauge({
          name: 'media_store_healthy',
          help: 'Whether the media store takes writes, as this worker last saw it (1) or not (0: photo fetching paused, fetched photos spooled)',
          registers,
        });
        storeHealthy.set(healthy ? 1 : 0);
      },
      storeFailed: (failure) => storeFailures.inc({ failure: reasonLabel(failure.toLowerCase()) }),
    };
  }

  private leadMetrics(registers: Registry[]): PlatformMetrics['leads'] {
    let read: Parameters<PlatformMetrics['leads']['lanes']>[0] | null = null;
    // Lanes once seen not closed keep their series (at 0 once closed again), so a graph shows the change.
    const seen = new Set<string>();
    new Gauge({
      name: 'lead_delivery_lane_breaker',
      help: "Each lead delivery lane's circuit breaker (a dealership's channel: dealership-12:crm), read from Redis at scrape: 0 closed, 1 half-open (a probe is out), 2 open; lanes never failing are not listed",
      labelNames: ['lane'],
      registers,
      async collect() {
        if (!read) return;
        const states = await read();
        const now = new Map(states.map(({ lane, state }) => [lane, state.state]));
        for (const lane of now.keys()) seen.add(lane);
        for (const lane of seen) {
          const state = now.get(lane) ?? 'closed';
          this.set({ lane }, state === 'open' ? 2 : state === 'half-open' ? 1 : 0);
        }
      },
    });
    const deferred = new Counter({
      name: 'lead_deliveries_deferred_total',
      help: 'Lead deliveries put off by their lane, no attempt spent: lane-busy (at its limit), open (its breaker open), probing (a probe is out)',
      labelNames: ['reason'],
      registers,
    });
    return {
      lanes: (reader) => (read = reader),
      deferred: (kind) => deferred.inc({ reason: kind }),
    };
  }

  /** A job finished one attempt: its duration by outcome, and failures counted. */
  /** A loop of this process began (true) or stopped (false) backing off from a sick dependency. */
  backingOff(loop: string, failing: boolean): void {
    this.backoffGauge ??= new Gauge({
      name: 'dependency_backoff',
      help: 'Loops backing off because a dependency refuses them (1: Redis out of memory or read-only, PostgreSQL refusing connections), by loop; 0 once it answers again',
      labelNames: ['loop'],
      registers: [this.registry],
    });
    this.backoffGauge.set({ loop }, failing ? 1 : 0);
  }
  private backoffGauge: Gauge<'loop'> | null = null;

  jobFinished(queue: string, outcome: 'completed' | 'failed', seconds: number): void {
    this.jobDuration.observe({ queue, outcome }, seconds);
    if (outcome === 'failed') this.jobFailures.inc({ queue });
  }

  /** The engine with each query timed, and for the in-memory engine how it answers and keeps current. */
  timed(engine: SearchEngine): SearchEngine {
    if (engine instanceof InMemorySearchEngine) this.observeMemoryEngine(engine);
    const histogram = this.searchDuration;
    return new Proxy(engine, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property !== 'query' || typeof value !== 'function')
          return typeof value === 'function' ? value.bind(target) : value;
        return async (...args: unknown[]) => {
          const end = histogram.startTimer({ engine: target.kind });
          try {
            return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          } finally {
            end();
          }
        };
      },
    });
  }

  /**
   * The memory engine's own counts, read at scrape: searches answered from memory or by PostgreSQL,
   * indexes caught up from the change log or built whole, and what is held. A rising build count
   * after warm-up means indexes fall too far behind to catch up (see docs/architecture.md#search).
   */
  private observeMemoryEngine(engine: InMemorySearchEngine): void {
    const registers = [this.registry];
    // The engine keeps running totals; each scrape adds what they grew by since the last one.
    const seen = new Map<string, number>();
    const advance = (counter: Counter<string>, labels: Record<string, string>, total: number): void => {
      const key = JSON.stringify(labels);
      const grown = total - (seen.get(key) ?? 0);
      if (grown > 0) counter.inc(labels, grown);
      seen.set(key, total);
    };
    new Counter({
      name: 'search_memory_answers_total',
      help: 'Searches the in-memory engine answered, by who answered (memory, or postgres while an index was missing or behind)',
      labelNames: ['answered_by'],
      registers,
      collect() {
        advance(this, { answered_by: 'memory' }, engine.answered.memory);
        advance(this, { answered_by: 'postgres' }, engine.answered.postgres);
      },
    });
    new Counter({
      name: 'search_memory_index_updates_total',
      help: 'In-memory site indexes brought up to date, by kind (catch_up from the change log, build of a missing or fallen-behind site, compaction of one updates have left wasted)',
      labelNames: ['kind'],
      registers,
      collect() {
        advance(this, { kind: 'catch_up' }, engine.updates.caughtUp);
        advance(this, { kind: 'build' }, engine.updates.builds);
        advance(this, { kind: 'compaction' }, engine.updates.compactions);
      },
    });
    new Gauge({
      name: 'search_memory_documents',
      help: 'Documents held in memory across every site',
      registers,
      collect() {
        this.set(engine.held().documents);
      },
    });
    new Gauge({
      name: 'search_memory_sites',
      help: 'Sites whose index is held in memory',
      registers,
      collect() {
        this.set(engine.held().sites);
      },
    });
  }
}
