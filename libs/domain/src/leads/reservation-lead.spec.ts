import fc from 'fast-check';
import { LEAD_STATUSES, leadTransition } from './lead-status';
import { leadMoveForReservation, RESERVATION_CANCELLED_REASON, type ReservationAction } from './reservation-lead';

describe('leadMoveForReservation', () => {
  it('wins the lead on a sale, loses it with the reason on a cancel, and marks it contacted on an extension', () => {
    expect(leadMoveForReservation('completed', 'new')).toEqual({ status: 'won', reason: null });
    expect(leadMoveForReservation('cancelled', 'contacted')).toEqual({
      status: 'lost',
      reason: RESERVATION_CANCELLED_REASON,
    });
    expect(leadMoveForReservation('extended', 'new')).toEqual({ status: 'contacted', reason: null });
    // A lead with a test drive booked is still open: a sale wins it, a cancel loses it.
    expect(leadMoveForReservation('completed', 'appointment')).toEqual({ status: 'won', reason: null });
    expect(leadMoveForReservation('cancelled', 'appointment')).toEqual({
      status: 'lost',
      reason: RESERVATION_CANCELLED_REASON,
    });
    expect(leadMoveForReservation('extended', 'appointment')).toBeNull();
  });

  it('leaves a lead that already says as much, and never undoes a decision', () => {
    expect(leadMoveForReservation('completed', 'won')).toBeNull();
    expect(leadMoveForReservation('cancelled', 'won')).toBeNull();
    expect(leadMoveForReservation('cancelled', 'lost')).toBeNull();
    expect(leadMoveForReservation('extended', 'contacted')).toBeNull();
  });

  it('only ever proposes a move the lead rule allows (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ReservationAction>('completed', 'cancelled', 'extended'),
        fc.constantFrom(...LEAD_STATUSES),
        (action, status) => {
          const move = leadMoveForReservation(action, status);
          if (move) expect(leadTransition(status, move.status, move.reason).ok).toBe(true);
        },
      ),
    );
  });
});
