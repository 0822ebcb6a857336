import { QUIET_LOG, WorkerGroup, type WorkerLog } from '@platform/queues';
import type { OnlinePaymentLedger } from './ledger/online-payment-ledger';
import type { ReservationLedger } from './ledger/reservation-ledger';

/** How often unpaid holds are released, ended holds freed and owed refunds retried. */
export const RESERVATION_SWEEP_EVERY_MS = 30_000;

export interface ReservationWorkersOptions {
  ledger: ReservationLedger;
  onlinePayments: OnlinePaymentLedger;
  redisUrl: string;
  prefix: string;
  log?: WorkerLog;
  /** Register the repeatable sweep (off in tests that run it by hand). */
  schedule?: boolean;
}

/** Starts the reservations' maintenance worker; returns a function that stops it. */
export async function startReservationWorkers(options: ReservationWorkersOptions): Promise<() => Promise<void>> {
  const { ledger, onlinePayments, log = QUIET_LOG } = options;
  const group = new WorkerGroup(options.redisUrl, options.prefix, log);
  group.start('reservationSweep', 1, async () => {
    const result = { ...(await ledger.sweep()), onlinePaymentsAbandoned: await onlinePayments.sweep() };
    if (result.released || result.expired || result.refunded || result.refundsFailed)
      log.info(result, 'reservation sweep');
    return result;
  });
  if (options.schedule !== false)
    group.schedule('reservationSweep', 'reservation-sweep', RESERVATION_SWEEP_EVERY_MS, { task: 'sweep' });
  await group.ready();
  return () => group.close();
}
