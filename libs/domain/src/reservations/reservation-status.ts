/**
 * A reservation's life (issue 21): the hold is taken before any payment is asked for
 * (pending_payment), a confirmed payment makes it held (the car shows Reserved), and it ends
 * completed (sold), released (unpaid in time), cancelled (by ops, refunded), expired (the hold
 * ran out; its deposit refunded) or refunded (paid after its payment window or its hold ended, or
 * for a car sold meanwhile). Whether a refund is owed or made is kept beside the status (see
 * refund-policy.ts): a deposit is kept only on a held or completed reservation.
 */
export const RESERVATION_STATUSES = [
  'pending_payment',
  'held',
  'completed',
  'released',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** Statuses that keep the car from every other shopper; the database allows one per car. */
export const ACTIVE_RESERVATION_STATUSES = ['pending_payment', 'held'] as const satisfies readonly ReservationStatus[];

export const isActiveReservation = (status: ReservationStatus): boolean =>
  (ACTIVE_RESERVATION_STATUSES as readonly ReservationStatus[]).includes(status);

/** What a reservation is for: a deposit on the car, or the deposit that ends an Online Purchase. */
export const RESERVATION_KINDS = ['reserve', 'purchase'] as const;
export type ReservationKind = (typeof RESERVATION_KINDS)[number];

/** The lead category a confirmed reservation files under (the dealer's CRM routes on it). */
export const RESERVE_ONLINE_CATEGORY = 'Reserve Online';
/** The subcategory of a reservation that ends an Online Purchase. */
export const ONLINE_PURCHASE_SUBCATEGORY = 'Online Purchase';
/** The lead category of a payment made at /online-payment. */
export const ONLINE_PAYMENT_CATEGORY = 'Online Payment';

/** What the shopper is told at each turn of checkout. */
export const RESERVATION_MESSAGES = {
  taken: 'This car has just been reserved by someone else.',
  unavailable: 'This car is no longer available to reserve online.',
  declined: 'Your payment was declined and nothing was charged. Please try again or use another card.',
  payment_window_ended:
    'Your payment did not complete in time, so the car was released. If any money was taken it will be refunded.',
  payment_unavailable: 'Payments are unavailable at the moment. Nothing was charged; please try again shortly.',
  not_found: 'We could not find that reservation.',
} as const;
