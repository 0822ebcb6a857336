import { QUIET_LOG, reservationNoticeJobId, WorkerGroup, type QueueProducer, type WorkerLog } from '@platform/queues';
import type { OnlinePaymentLedger } from './ledger/online-payment-ledger';
import type { ReservationLedger } from './ledger/reservation-ledger';
import type { NoticeMailer, ReservationNotices } from './notices/reservation-notices';

/** How often unpaid holds are released, ended holds freed, owed refunds retried and reminders looked for. */
export const RESERVATION_SWEEP_EVERY_MS = 30_000;

export interface ReservationWorkersOptions {
  ledger: ReservationLedger;
  onlinePayments: OnlinePaymentLedger;
  /** Reservation emails: the sweep writes due reminders and queues pending notices; the notice worker sends them. */
  notices?: { notices: ReservationNotices; mailer: NoticeMailer; producer: QueueProducer; now?: () => Date };
  redisUrl: string;
  prefix: string;
  log?: WorkerLog;
  /** Register the repeatable sweep (off in tests that run it by hand). */
  schedule?: boolean;
}

/** Queues every pending reservation email; a notice already queued keeps its one job. */
export async function relayReservationNotices(notices: ReservationNotices, producer: QueueProducer): Promise<number> {
  const ids = await notices.pendingIds();
  for (const noticeId of ids)
    await producer.add('reservationNotice', { noticeId }, { jobId: reservationNoticeJobId(noticeId) });
  return ids.length;
}

/** Starts the reservations' maintenance and notice workers; returns a function that stops them. */
export async function startReservationWorkers(options: ReservationWorkersOptions): Promise<() => Promise<void>> {
  const { ledger, onlinePayments, notices, log = QUIET_LOG } = options;
  const group = new WorkerGroup(options.redisUrl, options.prefix, log);
  group.start('reservationSweep', 1, async () => {
    const result = {
      ...(await ledger.sweep()),
      onlinePaymentsAbandoned: await onlinePayments.sweep(),
      reminders: notices ? (await notices.notices.remindDue((notices.now ?? (() => new Date()))())).length : 0,
      noticesQueued: notices ? await relayReservationNotices(notices.notices, notices.producer) : 0,
    };
    if (result.released || result.expired || result.refunded || result.refundsFailed || result.reminders)
      log.info(result, 'reservation sweep');
    return result;
  });
  if (notices) {
    group.start('reservationNotice', 2, async ({ noticeId }, job) =>
      notices.notices.send(noticeId, notices.mailer, { number: job.attemptsMade + 1, max: job.opts.attempts ?? 1 }),
    );
  }
  if (options.schedule !== false)
    group.schedule('reservationSweep', 'reservation-sweep', RESERVATION_SWEEP_EVERY_MS, { task: 'sweep' });
  await group.ready();
  return () => group.close();
}
