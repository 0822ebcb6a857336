import { leadTransition, type LeadStatus } from './lead-status';

/** What a dealer user did to a reservation in the console. */
export type ReservationAction = 'completed' | 'cancelled' | 'extended';

/** The lost reason a lead keeps when the dealer cancels its reservation (a paid deposit is refunded). */
export const RESERVATION_CANCELLED_REASON = 'Reservation cancelled, deposit refunded';

/**
 * Where a reservation's lead moves when a dealer user acts on the reservation: a person has dealt
 * with the shopper, so the lead is no longer New. Marked sold wins it; cancelled (and refunded)
 * loses it with the reason; an extension means they are in touch. Null when the lead already says
 * as much, or the move is not one the lead rule allows from where it stands (a won lead is not
 * "lost" by a later cancel: someone decided that on purpose).
 */
export function leadMoveForReservation(
  action: ReservationAction,
  status: LeadStatus,
): { status: LeadStatus; reason: string | null } | null {
  const wanted: Record<ReservationAction, { to: LeadStatus; reason?: string; from: readonly LeadStatus[] }> = {
    completed: { to: 'won', from: ['new', 'contacted', 'appointment', 'lost'] },
    cancelled: { to: 'lost', reason: RESERVATION_CANCELLED_REASON, from: ['new', 'contacted', 'appointment'] },
    extended: { to: 'contacted', from: ['new'] },
  };
  const move = wanted[action];
  if (!move.from.includes(status)) return null;
  const allowed = leadTransition(status, move.to, move.reason);
  return allowed.ok ? { status: allowed.status, reason: allowed.reason } : null;
}
