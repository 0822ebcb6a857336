import type { DefaultJobOptions } from 'bullmq';
import { z } from 'zod';
import { TrackingUserDataSchema } from '@platform/domain';

/** A queue's contract: its name, the zod schema of its job payloads and its default job options. */
export interface QueueContract<S extends z.ZodType> {
  readonly name: string;
  readonly payload: S;
  readonly defaultJobOptions: DefaultJobOptions;
}

const contract = <S extends z.ZodType>(
  name: string,
  payload: S,
  defaultJobOptions: DefaultJobOptions,
): QueueContract<S> => ({
  name,
  payload,
  defaultJobOptions,
});

// Completed jobs are kept briefly for the dashboard; failed ones longer, so ops can inspect and retry.
const KEEP = { removeOnComplete: { count: 1000, age: 24 * 3600 }, removeOnFail: { count: 5000, age: 14 * 24 * 3600 } };

// Events are many and small: keep few completed ones, failed ones long enough to inspect.
const KEEP_EVENTS = { removeOnComplete: { count: 100 }, removeOnFail: { count: 5000, age: 7 * 24 * 3600 } };

/**
 * Attempts of a shopper event (a view, a phone reveal): with backoff doubling from 1 s, the last
 * comes about 8.5 minutes after the first, so an event accepted while the database is away for a
 * few minutes is still counted.
 */
const EVENT_ATTEMPTS = 10;

const CarEventSchema = z.strictObject({
  carId: z.int().positive(),
  siteId: z.int().positive(),
  dealershipId: z.int().positive(),
  /** When it happened (ISO), so a delayed or retried job still counts on the right day. */
  at: z.iso.datetime({ offset: true }),
});
export type CarEvent = z.output<typeof CarEventSchema>;

/** Every queue of the platform, declared once for producers (api) and processors (worker). */
export const QUEUES = {
  /**
   * Applies a stored feed run to the cars table. Attempts every 2-3 s for at least a minute (about 75 s), so a run
   * rides out a database outage of a minute and goes on within seconds of its return (each attempt
   * resumes after the last committed batch); past that the sweep queues it again a bounded number
   * of times (MAX_SWEEP_RESUMES) before it fails.
   */
  feedIngest: contract('feed-ingest', z.strictObject({ feedRunId: z.uuid() }), {
    attempts: 30,
    backoff: { type: 'fixed', delay: 3000, jitter: 0.3 },
    ...KEEP,
  }),
  /** Drains a site's car_changes outbox into its search index. */
  searchIndex: contract('search-index', z.strictObject({ siteId: z.int().positive() }), {
    attempts: 10,
    backoff: { type: 'exponential', delay: 1000 },
    ...KEEP,
  }),
  /** Rebuilds a site's index (or every site's) from PostgreSQL and swaps it in. */
  reindex: contract('reindex', z.strictObject({ siteId: z.int().positive().optional() }), {
    attempts: 3,
    backoff: { type: 'exponential', delay: 5000 },
    ...KEEP,
  }),
  /** Housekeeping on a schedule: purge expired sold cars, sweep outboxes and stranded feed runs. */
  maintenance: contract('maintenance', z.strictObject({ task: z.enum(['purge-expired', 'sweep']) }), {
    attempts: 1,
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1000 },
  }),
  /**
   * The reservations' maintenance: releases holds whose payment did not come in time, frees cars whose
   * hold expired and retries refunds still owed (issue 21).
   */
  reservationSweep: contract('reservation-sweep', z.strictObject({ task: z.literal('sweep') }), {
    attempts: 1,
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1000 },
  }),
  /**
   * A phone number revealed on a vehicle page: counted per car, dealership, site and day. The payload
   * names the car and site only; who revealed it is never recorded.
   */
  phoneReveals: contract('phone-reveals', CarEventSchema, {
    attempts: EVENT_ATTEMPTS,
    backoff: { type: 'exponential', delay: 1000 },
    ...KEEP_EVENTS,
  }),
  /** A vehicle page view, counted off the request path. */
  carViews: contract('car-views', CarEventSchema, {
    attempts: EVENT_ATTEMPTS,
    backoff: { type: 'exponential', delay: 1000 },
    ...KEEP_EVENTS,
  }),
  /**
   * One delivery of a lead (a lead_outbox row) to the dealership's CRM or by email. The job id is the
   * delivery id, so the relay can queue a row again without doubling it. Backoff doubles from 5 s,
   * so the last of 10 attempts comes about 40 minutes after the first; a dead job stays for ops.
   */
  leadDelivery: contract('lead-delivery', z.strictObject({ deliveryId: z.uuid() }), {
    attempts: 10,
    backoff: { type: 'exponential', delay: 5000 },
    removeOnComplete: { count: 1000, age: 24 * 3600 },
    removeOnFail: false,
  }),
  /** A shopper analytics event (the specifications' event ids); the page path and car only, never who. */
  analyticsEvents: contract(
    'analytics-events',
    z.strictObject({
      siteId: z.int().positive(),
      eventId: z.int().positive(),
      carId: z.int().positive().nullable(),
      path: z.string().max(2000).nullable(),
      // Optional: an event queued by an api from before the user data (issue 54) still records.
      userData: TrackingUserDataSchema.optional(),
      at: z.iso.datetime({ offset: true }),
    }),
    { attempts: EVENT_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 }, ...KEEP_EVENTS },
  ),
  /**
   * Sends one reservation email (a reservation_notices row): the shopper told of the dealership's
   * outcome, or the dealership reminded of a hold nobody acted on. The job id is the row id.
   */
  reservationNotice: contract('reservation-notice', z.strictObject({ noticeId: z.uuid() }), {
    attempts: 8,
    backoff: { type: 'exponential', delay: 5000 },
    removeOnComplete: { count: 1000, age: 24 * 3600 },
    removeOnFail: { count: 5000, age: 14 * 24 * 3600 },
  }),
  /**
   * Every 10 s: the lead desk's escalation ladder (overdue, owners, reassignment) and the relay of
   * its pending notices (issue 53).
   */
  leadDeskSweep: contract('lead-desk-sweep', z.strictObject({ task: z.literal('sweep') }), {
    attempts: 1,
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1000, age: 7 * 24 * 3600 },
  }),
  /** Sends one lead desk notice (a lead_desk_notices row) to dealer staff; the job id derives from the row id. */
  leadDeskNotice: contract('lead-desk-notice', z.strictObject({ noticeId: z.uuid() }), {
    attempts: 8,
    backoff: { type: 'exponential', delay: 5000 },
    removeOnComplete: { count: 1000, age: 24 * 3600 },
    removeOnFail: { count: 5000, age: 14 * 24 * 3600 },
  }),
  /**
   * Sends one reply to a shopper (a lead_replies row): a salesperson's email or text from the
   * console, or the dealership's automatic acknowledgement. The job id derives from the row id.
   */
  leadReply: contract('lead-reply', z.strictObject({ replyId: z.uuid() }), {
    attempts: 8,
    backoff: { type: 'exponential', delay: 5000 },
    removeOnComplete: { count: 1000, age: 24 * 3600 },
    removeOnFail: { count: 5000, age: 14 * 24 * 3600 },
  }),
  /** Matches a site's indexed car changes against saved searches and followed cars (issue 24). */
  alertMatch: contract('alert-match', z.strictObject({ siteId: z.int().positive() }), {
    attempts: 5,
    backoff: { type: 'exponential', delay: 1000 },
    ...KEEP,
  }),
  /** Sends one shopper alert message (an alert_messages row); the job id is the row id. */
  alertDelivery: contract('alert-delivery', z.strictObject({ messageId: z.uuid() }), {
    attempts: 8,
    backoff: { type: 'exponential', delay: 5000 },
    removeOnComplete: { count: 1000, age: 24 * 3600 },
    removeOnFail: { count: 5000, age: 14 * 24 * 3600 },
  }),
  /** Every minute: catches up on matching, sends instant alerts and the digests whose morning hour has come. */
  alertSweep: contract('alert-sweep', z.strictObject({ task: z.literal('sweep') }), {
    attempts: 1,
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1000 },
  }),
  /**
   * Fetches one dealer photo address (a photos row) through the guarded fetcher, checks its bytes
   * and stores it by content hash (issue 38); nothing is decoded, so a photo is servable as soon as
   * its bytes are in. Retries with backoff ride out a host that is briefly down; a photo refused
   * for its bytes is recorded, not retried.
   */
  media: contract(
    'media',
    z.strictObject({
      photoId: z.int().positive(),
      /**
       * One of its car's first photos: once stored, its eager variants are queued on mediaVariants;
       * the rest are made when first asked for.
       */
      eager: z.boolean().default(false),
      /** Fetch the bytes whatever the held validators say (ops media-reprocess). */
      force: z.boolean().default(false),
    }),
    { attempts: 4, backoff: { type: 'exponential', delay: 5000 }, ...KEEP },
  ),
  /**
   * Makes a stored photo's eager variants (its car's card and gallery widths and the Open Graph
   * crop) from the original in the store, after the media job stored it, so encoding (CPU-bound)
   * never holds up storing photos. `hash` is the content the job was queued for: a photo stored
   * with other bytes since has nothing owed by it. Retries ride out a store briefly away; a photo
   * that turns out undecodable is refused, not retried.
   */
  mediaVariants: contract(
    'media-variants',
    z.strictObject({
      photoId: z.int().positive(),
      hash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a lowercase sha256'),
    }),
    { attempts: 4, backoff: { type: 'exponential', delay: 5000 }, ...KEEP },
  ),
  /** The media lifecycle on a schedule: deletes photos no kept car uses after MEDIA_RETENTION_DAYS. */
  mediaLifecycle: contract('media-lifecycle', z.strictObject({ task: z.literal('lifecycle') }), {
    attempts: 1,
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1000 },
  }),
  /**
   * Writes one dealership's feed for one syndication channel (issue 42) from its listed cars. The
   * job id names the feed, so a feed is queued once however many changes ask for it; a finished
   * job is removed at once so the next change can queue it again.
   */
  syndication: contract(
    'syndication',
    z.strictObject({ dealershipId: z.int().positive(), channel: z.enum(['google', 'meta']) }),
    {
      attempts: 5,
      backoff: { type: 'exponential', delay: 5000 },
      removeOnComplete: true,
      removeOnFail: { age: 3600, count: 1000 },
    },
  ),
  /** Every minute: queues the feeds whose dealership's cars changed (after a quiet spell) or that are a day old. */
  syndicationSweep: contract('syndication-sweep', z.strictObject({ task: z.literal('sweep') }), {
    attempts: 1,
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1000 },
  }),
  /**
   * Stock insights (issue 41): 'refresh' (hourly) flushes today's and yesterday's search
   * appearances, rolls those days' facts up, drops facts past retention and rates every live car;
   * 'backfill' rolls up every day the raw events still cover. Each is idempotent, so a retry or a
   * second run changes nothing.
   */
  insights: contract('insights', z.strictObject({ task: z.enum(['refresh', 'backfill']) }), {
    attempts: 3,
    backoff: { type: 'exponential', delay: 30_000 },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1000 },
  }),
  /**
   * The weekly stock insights email (issue 41): an hourly 'tick' sends each dealership's owners
   * their week's email once it is Monday 8:00 in the dealership's zone; a sent-marker per
   * dealership and week makes a repeat or a retry send nothing twice.
   */
  insightsEmail: contract('insights-email', z.strictObject({ task: z.literal('tick') }), {
    attempts: 3,
    backoff: { type: 'exponential', delay: 60_000 },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1000 },
  }),
  /**
   * Custom domains (issue 51): every minute, checks the verification TXT record of the hosts that
   * are due (pending and failing ones each minute, verified ones hourly); a verified host that
   * stops verifying is flagged failing, and one that verifies again is restored.
   */
  hostVerification: contract('host-verification', z.strictObject({ task: z.literal('sweep') }), {
    attempts: 1,
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1000 },
  }),
  /**
   * Retired sites (issue 51): every hour, purges each site retired more than SITE_RETENTION_DAYS
   * ago, every row of it in one transaction, then its search index and stored photos. One attempt:
   * a site left by a failed run is still retired, and the next run purges it.
   */
  siteRetention: contract('site-retention', z.strictObject({ task: z.literal('purge') }), {
    attempts: 1,
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1000 },
  }),
} as const;

/** The job of a feed: its dealership and channel, so queuing it twice while it waits adds one job. */
export const syndicationJobId = (dealershipId: number, channel: string): string =>
  `syndication-${dealershipId}-${channel}`;

/** One job per photo and feed run, so a run queues each address once and a later run checks it again. */
export const mediaJobId = (photoId: number, runKey: string): string => `photo-${photoId}-${runKey}`;

/** One job per photo and content hash, so its variants are queued once however often they are found owed. */
export const mediaVariantsJobId = (photoId: number, hash: string): string => `variants-${photoId}-${hash}`;

/** The job of a reservation email: its outbox row id, so queuing it twice adds one job. */
export const reservationNoticeJobId = (noticeId: string): string => `notice-${noticeId}`;
export const leadDeskNoticeJobId = (noticeId: string): string => `desk-${noticeId}`;
export const leadReplyJobId = (replyId: string): string => `reply-${replyId}`;

/** The job of an alert message: its outbox row id, so queuing it twice adds one job. */
export const alertDeliveryJobId = (messageId: string): string => `alert-${messageId}`;

export type QueueKey = keyof typeof QUEUES;
export type PayloadOf<K extends QueueKey> = z.output<(typeof QUEUES)[K]['payload']>;

export const QUEUE_KEYS = Object.keys(QUEUES) as readonly QueueKey[];
export const QUEUE_NAMES: readonly string[] = Object.values(QUEUES).map((queue) => queue.name);

export const queueKeyOf = (name: string): QueueKey | undefined =>
  (Object.keys(QUEUES) as QueueKey[]).find((key) => QUEUES[key].name === name);

/** The job of a lead delivery: its outbox row id, so queuing it twice adds one job. */
export const leadDeliveryJobId = (deliveryId: string): string => `delivery-${deliveryId}`;

/** One job per feed run, so a run is never queued twice (BullMQ ignores a second add with this id). */
export const feedJobId = (feedRunId: string): string => `feed-${feedRunId}`;
