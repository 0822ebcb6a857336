import fc from 'fast-check';
import { breakerAdmits, CLOSED, type BreakerState } from '../media/host-breaker';
import {
  breakerChange,
  breakerGaugeValue,
  deferredUntil,
  deliveryDeferLimitMs,
  deliveryLaneOf,
  laneBreakerAfter,
  leadBreakerConfig,
} from './delivery-lanes';

const config = leadBreakerConfig({ failures: 3, coolDownMs: 5_000, attemptTimeoutMs: 10_000 });

describe('lead delivery lanes', () => {
  it('give each dealership (or a site without one) and channel a lane of its own', () => {
    expect(deliveryLaneOf({ dealershipId: 12, siteId: 3 }, 'crm')).toBe('dealership-12:crm');
    expect(deliveryLaneOf({ dealershipId: 12, siteId: 3 }, 'email')).toBe('dealership-12:email');
    expect(deliveryLaneOf({ dealershipId: null, siteId: 3 }, 'shopper_email')).toBe('site-3:shopper_email');
    const owner = fc.record({ dealershipId: fc.option(fc.integer({ min: 1 })), siteId: fc.integer({ min: 1 }) });
    const channel = fc.constantFrom('crm', 'email', 'shopper_email');
    fc.assert(
      fc.property(owner, channel, owner, channel, (a, ca, b, cb) => {
        const same = (a.dealershipId ?? `s${a.siteId}`) === (b.dealershipId ?? `s${b.siteId}`) && ca === cb;
        expect(deliveryLaneOf(a, ca) === deliveryLaneOf(b, cb)).toBe(same);
      }),
    );
  });

  it('open after the threshold, wait out a short cool-down, probe within the attempt timeout, and double once (to two cool-downs) after a failed probe', () => {
    expect(config).toEqual({ failureThreshold: 3, coolDownMs: 5_000, maxCoolDownMs: 10_000, probeLeaseMs: 15_000 });
    let state: BreakerState = CLOSED;
    for (let i = 0; i < 3; i += 1) state = laneBreakerAfter(state, 'failure', 1_000, config);
    expect(state).toEqual({ state: 'open', until: 6_000, openings: 1 });
    const probe = breakerAdmits(state, 6_000, config);
    if (!probe.admit) throw new Error('the probe was not let through');
    state = laneBreakerAfter(probe.state, 'failure', 16_000, config);
    expect(state).toEqual({ state: 'open', until: 26_000, openings: 2 });
    state = laneBreakerAfter({ state: 'half-open', probeUntil: 0, openings: 2 }, 'failure', 30_000, config);
    expect(state).toEqual({ state: 'open', until: 40_000, openings: 3 });
    expect(laneBreakerAfter(state, 'success', 41_000, config)).toEqual(CLOSED);
  });

  it('let a failure of an attempt admitted before the lane opened change nothing (it would double the cool-down)', () => {
    const open: BreakerState = { state: 'open', until: 6_000, openings: 1 };
    expect(laneBreakerAfter(open, 'failure', 1_200, config)).toBe(open);
    expect(laneBreakerAfter(open, 'success', 1_200, config)).toEqual(CLOSED);
  });

  it('name each change of state once, for one log line per change', () => {
    const open: BreakerState = { state: 'open', until: 6_000, openings: 1 };
    const probing: BreakerState = { state: 'half-open', probeUntil: 21_000, openings: 1 };
    expect(breakerChange(CLOSED, { state: 'closed', failures: 2 })).toBeNull();
    expect(breakerChange({ state: 'closed', failures: 2 }, open)).toBe('opened');
    expect(breakerChange(open, open)).toBeNull();
    expect(breakerChange(open, probing)).toBe('probing');
    expect(breakerChange(probing, { state: 'open', until: 31_000, openings: 2 })).toBe('reopened');
    expect(breakerChange(probing, CLOSED)).toBe('closed');
    expect(breakerChange({ state: 'closed', failures: 2 }, CLOSED)).toBeNull();
    expect([CLOSED, probing, open].map(breakerGaugeValue)).toEqual([0, 1, 2]);
  });
});

describe('how long a delivery is put off (no attempt spent)', () => {
  it('a busy lane: about twice as long as its oldest delivery under way has taken, from 50 ms to 1 s, jittered', () => {
    // A quick CRM's lane (its deliveries take milliseconds) frees at once: a burst goes out at its pace.
    expect(deferredUntil({ kind: 'lane-busy', busyForMs: 10 }, 1_000, () => 0.5)).toBe(1_050);
    expect(deferredUntil({ kind: 'lane-busy', busyForMs: 200 }, 1_000, () => 0.5)).toBe(1_400);
    // A CRM that stopped answering: its deliveries look in about once a second until its breaker opens.
    expect(deferredUntil({ kind: 'lane-busy', busyForMs: 9_000 }, 1_000, () => 0.5)).toBe(2_000);
    expect(deferredUntil({ kind: 'lane-busy', busyForMs: 0 }, 1_000, () => 0)).toBe(1_025);
    expect(deferredUntil({ kind: 'lane-busy', busyForMs: 9_000 }, 1_000, () => 0.999)).toBeLessThan(2_500);
  });

  it('an open lane: until its cool-down ends, spread over the second after; a probing one: looked at again within 2.5 s', () => {
    expect(deferredUntil({ kind: 'open', retryAt: 9_000 }, 1_000, () => 0)).toBe(9_000);
    expect(deferredUntil({ kind: 'open', retryAt: 9_000 }, 1_000, () => 0.5)).toBe(9_500);
    expect(deferredUntil({ kind: 'probing', retryAt: 16_000 }, 1_000, () => 0)).toBe(3_000);
    expect(deferredUntil({ kind: 'probing', retryAt: 1_500 }, 1_000, () => 0)).toBe(1_500);
  });

  it('always lies ahead, and never further than the cool-down plus a second (or 2.5 s while probing, 1.5 s when busy)', () => {
    const deferral = fc.oneof(
      fc.record({ kind: fc.constant('lane-busy' as const), busyForMs: fc.nat(1e6) }),
      fc.record({
        kind: fc.constantFrom('open' as const, 'probing' as const),
        retryAt: fc.integer({ min: 1, max: 1e6 }),
      }),
    );
    fc.assert(
      fc.property(
        deferral,
        fc.integer({ min: 0, max: 1e6 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (d, now, r) => {
          const until = deferredUntil(d, now, () => r);
          expect(until).toBeGreaterThan(now);
          const bound =
            d.kind === 'lane-busy'
              ? now + 1_500
              : d.kind === 'open'
                ? Math.max(d.retryAt, now + 50) + 1_000
                : now + 2_500;
          expect(until).toBeLessThanOrEqual(bound);
          expect(Number.isInteger(until)).toBe(true);
        },
      ),
    );
  });

  it('gives up on a delivery put off for longer than its retries would have taken (at least 10 minutes)', () => {
    // 10 attempts doubling from 5 s: 5 + 10 + ... + 1280 s = 2555 s, as the queue's retries alone.
    expect(deliveryDeferLimitMs(10, 5_000)).toBe(2_555_000);
    expect(deliveryDeferLimitMs(3, 50)).toBe(600_000);
    expect(deliveryDeferLimitMs(1, 5_000)).toBe(600_000);
  });
});
