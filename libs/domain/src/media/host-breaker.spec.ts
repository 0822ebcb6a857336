import fc from 'fast-check';
import {
  breakerAdmits,
  breakerAfter,
  CLOSED,
  parseBreakerState,
  photoHostOf,
  type BreakerConfig,
  type BreakerState,
} from './host-breaker';

const config: BreakerConfig = { failureThreshold: 3, coolDownMs: 1000, maxCoolDownMs: 8000, probeLeaseMs: 500 };

describe('the per-host circuit breaker', () => {
  it('opens after the threshold of failures in a row, lets one probe through after the cool-down, closes on its success', () => {
    let state: BreakerState = CLOSED;
    state = breakerAfter(state, 'failure', 0, config);
    state = breakerAfter(state, 'success', 1, config);
    expect(state).toEqual(CLOSED);
    for (let i = 0; i < 3; i += 1) state = breakerAfter(state, 'failure', 10, config);
    expect(state).toEqual({ state: 'open', until: 1010, openings: 1 });
    expect(breakerAdmits(state, 500, config)).toEqual({ admit: false, retryAt: 1010 });
    const probe = breakerAdmits(state, 1010, config);
    expect(probe).toEqual({ admit: true, state: { state: 'half-open', probeUntil: 1510, openings: 1 } });
    if (!probe.admit) throw new Error('unreachable');
    expect(breakerAdmits(probe.state, 1200, config)).toEqual({ admit: false, retryAt: 1510 });
    expect(breakerAfter(probe.state, 'success', 1300, config)).toEqual(CLOSED);
  });

  it('opens again for twice as long after a failed probe, up to the cap, and lets another probe through when one is lost', () => {
    let state: BreakerState = { state: 'half-open', probeUntil: 100, openings: 1 };
    state = breakerAfter(state, 'failure', 50, config);
    expect(state).toEqual({ state: 'open', until: 2050, openings: 2 });
    for (let i = 0; i < 10; i += 1) state = breakerAfter(state, 'failure', 0, config);
    expect(state).toMatchObject({ state: 'open', until: 8000 });
    expect(breakerAdmits({ state: 'half-open', probeUntil: 100, openings: 1 }, 100, config).admit).toBe(true);
  });

  it('never blocks a host for longer than the cap, and always admits again once the retry time has come', () => {
    const event = fc.record({ result: fc.constantFrom('success', 'failure' as const), step: fc.nat(5000) });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let state: BreakerState = CLOSED;
        let now = 0;
        for (const { result, step } of events) {
          now += step;
          const admission = breakerAdmits(state, now, config);
          if (!admission.admit) {
            expect(admission.retryAt).toBeGreaterThan(now);
            expect(admission.retryAt - now).toBeLessThanOrEqual(config.maxCoolDownMs);
            expect(breakerAdmits(state, admission.retryAt, config).admit).toBe(true);
            continue;
          }
          state = breakerAfter(admission.state, result, now, config);
        }
      }),
    );
  });

  it('reads any stored text back as a state, unreadable text as closed', () => {
    expect(parseBreakerState(JSON.stringify({ state: 'open', until: 5, openings: 2 }))).toEqual({
      state: 'open',
      until: 5,
      openings: 2,
    });
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constant('{"__proto__":{"state":"open"}}')), (raw) => {
        const state = parseBreakerState(raw);
        expect(['closed', 'open', 'half-open']).toContain(state.state);
      }),
    );
    expect(parseBreakerState('{"__proto__":{"state":"open","until":9,"openings":1}}')).toEqual(CLOSED);
    expect(parseBreakerState(null)).toEqual(CLOSED);
  });

  it('names a host by its lower-case name and port', () => {
    expect(photoHostOf('https://Dealer.Example:8443/a.jpg')).toBe('dealer.example:8443');
    expect(photoHostOf('http://127.0.0.2:5000/x')).toBe('127.0.0.2:5000');
    expect(photoHostOf('/media/a.jpg')).toBeNull();
    expect(photoHostOf('javascript:alert(1)')).toBeNull();
  });
});
