/**
 * When a deposit goes back (issue 35). The reservation terms every site shows promise that the
 * deposit is refunded in full if the shopper changes their mind or the sale cannot be completed, so
 * there is no case in which a deposit is kept without a completed sale: a hold that runs out is
 * refunded like any other, and no dealership setting can say otherwise.
 */
export const REFUND_REASONS = ['hold_expired', 'paid_after_hold_ended', 'car_unavailable', 'cancelled'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Owed and not yet confirmed by the provider, or confirmed with its refund id. */
export type RefundState = 'pending' | 'refunded';

export const refundState = (reservation: { refund_due: boolean; refund_ref: string | null }): RefundState | null =>
  reservation.refund_ref ? 'refunded' : reservation.refund_due ? 'pending' : null;

/**
 * Whether a payment confirmed at `now` is too late for its hold. The deadline is the last moment a
 * payment is accepted; the sweep releases the same holds (payment_deadline < now()), so a payment
 * and the sweep never disagree about a hold.
 */
export const paymentWindowEnded = (paymentDeadline: Date, now: Date): boolean =>
  paymentDeadline.getTime() < now.getTime();

/** The first retry waits this long: longer than a provider call with its own retries takes. */
export const REFUND_RETRY_FIRST_SECONDS = 60;
/** Retries never wait longer than this: a refund owed is never given up on. */
export const REFUND_RETRY_MAX_SECONDS = 3600;
/** After this many failed attempts a refund is marked for ops to look at (it keeps being retried). */
export const REFUND_ATTENTION_AFTER_ATTEMPTS = 5;

/** Seconds before the next try after `attempts` tries: doubling from a minute, capped at an hour. */
export function refundRetryDelaySeconds(attempts: number): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 16));
  return Math.min(REFUND_RETRY_FIRST_SECONDS * 2 ** exponent, REFUND_RETRY_MAX_SECONDS);
}

/** What the shopper is told about a deposit that is going, or has gone, back. */
export const REFUND_MESSAGES: Record<RefundReason, Record<RefundState, string>> = {
  hold_expired: {
    pending:
      'Your hold on this car has ended without the sale being completed, so the car is available again. Your deposit is being refunded in full.',
    refunded:
      'Your hold on this car has ended without the sale being completed, so the car is available again. Your deposit has been refunded in full.',
  },
  paid_after_hold_ended: {
    pending:
      'Your payment arrived after your hold on this car had ended, so the car was not reserved. Your deposit is being refunded in full.',
    refunded:
      'Your payment arrived after your hold on this car had ended, so the car was not reserved. Your deposit has been refunded in full.',
  },
  car_unavailable: {
    pending: 'This car is no longer available to reserve online. Your deposit is being refunded in full.',
    refunded: 'This car is no longer available to reserve online. Your deposit has been refunded in full.',
  },
  cancelled: {
    pending: 'Your reservation was cancelled. Your deposit is being refunded in full.',
    refunded: 'Your reservation was cancelled. Your deposit has been refunded in full.',
  },
};

/** The shopper's line for a refund; null when nothing is refunded. Reservations refunded before reasons were kept read as 'no longer available'. */
export function refundMessage(reason: RefundReason | null, state: RefundState | null): string | null {
  if (!state) return null;
  return REFUND_MESSAGES[reason ?? 'car_unavailable'][state];
}
