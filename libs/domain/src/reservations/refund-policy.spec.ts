import {
  paymentWindowEnded,
  REFUND_RETRY_MAX_SECONDS,
  refundMessage,
  refundRetryDelaySeconds,
  refundState,
} from './refund-policy';

describe('refund policy', () => {
  it('doubles the wait between refund attempts from a minute, never beyond an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(refundRetryDelaySeconds)).toEqual([60, 120, 240, 480, 960, 1920, 3600]);
    expect(refundRetryDelaySeconds(0)).toBe(60);
    expect(refundRetryDelaySeconds(1_000_000)).toBe(REFUND_RETRY_MAX_SECONDS);
  });

  it('ends the payment window after the deadline, as the sweep does', () => {
    const deadline = new Date('2026-01-01T00:15:00Z');
    expect(paymentWindowEnded(deadline, new Date('2026-01-01T00:14:59.999Z'))).toBe(false);
    expect(paymentWindowEnded(deadline, deadline)).toBe(false);
    expect(paymentWindowEnded(deadline, new Date('2026-01-01T00:15:00.001Z'))).toBe(true);
  });

  it('tells the shopper why the deposit goes back and whether it has', () => {
    expect(refundState({ refund_due: false, refund_ref: null })).toBeNull();
    expect(refundState({ refund_due: true, refund_ref: null })).toBe('pending');
    expect(refundState({ refund_due: false, refund_ref: 're_1' })).toBe('refunded');
    expect(refundMessage('paid_after_hold_ended', 'pending')).toMatch(
      /after your hold on this car had ended.*being refunded/,
    );
    expect(refundMessage('hold_expired', 'refunded')).toMatch(/has ended.*has been refunded/);
    expect(refundMessage(null, 'pending')).toMatch(/no longer available.*being refunded/);
    expect(refundMessage('cancelled', null)).toBeNull();
  });
});
