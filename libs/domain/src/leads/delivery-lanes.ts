import { breakerAfter, type BreakerConfig, type BreakerState } from '../media/host-breaker';

/**
 * Lead delivery lanes (issue 50): each dealership's deliveries on each channel (its CRM, its
 * notification email, shoppers' confirmations) form a lane with a limit of its own on deliveries
 * at once and a circuit breaker of its own (the per-host breaker's transitions, host-breaker.ts),
 * so one dealership's hung CRM holds only its own lane, never the worker's slots every other
 * dealership's leads need. A delivery whose lane is busy or open is put off (its job delayed, no
 * attempt spent) and comes back by these rules. The worker keeps lanes and breakers in Redis.
 */

/** The lane of a delivery: its dealership (or its site, for a lead without one) and channel. */
export function deliveryLaneOf(owner: { dealershipId: number | null; siteId: number }, channel: string): string {
  return owner.dealershipId === null
    ? `site-${owner.siteId}:${channel}`
    : `dealership-${owner.dealershipId}:${channel}`;
}

/**
 * A lane's breaker: open after `failures` attempts in a row that found the endpoint unreachable,
 * silent or failing (timeouts, refused connections, 5xx); closed again by the first answer. The
 * cool-down is short, since a lead should reach its CRM soon after the CRM is back and a probe
 * costs one request: it doubles once, after a failed probe, and stays there (5 s, then 10 s with
 * the defaults), so a lead waits at most about that long once its CRM answers again. A probe
 * holds the lane for the attempt's timeout and a margin; past that its worker is taken for dead.
 */
export function leadBreakerConfig({
  failures,
  coolDownMs,
  attemptTimeoutMs,
}: {
  failures: number;
  coolDownMs: number;
  attemptTimeoutMs: number;
}): BreakerConfig {
  return {
    failureThreshold: failures,
    coolDownMs,
    maxCoolDownMs: 2 * coolDownMs,
    probeLeaseMs: attemptTimeoutMs + 5_000,
  };
}

/** The defaults of LEAD_BREAKER_FAILURES and LEAD_BREAKER_COOLDOWN_SECONDS. */
export const DEFAULT_LEAD_BREAKER = { failures: 3, coolDownMs: 5_000 } as const;

/**
 * The lane's breaker after an attempt ended. As the host breaker, except that a failure arriving
 * while the lane is open changes nothing: that attempt was let through before the lane opened (a
 * lane runs several at once), and counting it as a failed probe would double the cool-down.
 */
export function laneBreakerAfter(
  state: BreakerState,
  result: 'success' | 'failure',
  now: number,
  config: BreakerConfig,
): BreakerState {
  if (state.state === 'open' && result === 'failure') return state;
  return breakerAfter(state, result, now, config);
}

/** A change of a breaker's state worth one log line: opened, probing (half-open), reopened (a failed probe), closed. */
export type BreakerChange = 'opened' | 'probing' | 'reopened' | 'closed';

export function breakerChange(before: BreakerState, after: BreakerState): BreakerChange | null {
  if (after.state === 'closed') return before.state === 'closed' ? null : 'closed';
  if (after.state === 'open') {
    if (before.state === 'open') return null;
    return before.state === 'closed' ? 'opened' : 'reopened';
  }
  return before.state === 'half-open' ? null : 'probing';
}

/** A breaker's state as a gauge: 0 closed, 1 half-open (a probe is out), 2 open. */
export function breakerGaugeValue(state: BreakerState): 0 | 1 | 2 {
  return state.state === 'closed' ? 0 : state.state === 'half-open' ? 1 : 2;
}

/**
 * Why a delivery is put off: its lane has its limit of deliveries under way (the oldest of them
 * for `busyForMs`), or its breaker is open until `retryAt`, or a probe is out (its lease ends at
 * `retryAt`).
 */
export type Deferral =
  { kind: 'lane-busy'; busyForMs: number } | { kind: 'open'; retryAt: number } | { kind: 'probing'; retryAt: number };

const LANE_BUSY_MIN_MS = 50;
const LANE_BUSY_MAX_MS = 1_000;
const OPEN_SPREAD_MS = 1_000;
const PROBING_RECHECK_MS = 2_000;
const PROBING_SPREAD_MS = 500;
const SOONEST_MS = 50;

/**
 * When a put-off delivery comes back (epoch ms). A busy lane: about twice as long as its oldest
 * delivery under way has taken so far, from 50 ms to 1 s, jittered by half either way: a quick
 * CRM's lane frees within milliseconds, so a dealership's burst of leads goes out at the CRM's
 * pace, while the deliveries behind a CRM that stopped answering (before its breaker opens) look
 * in about once a second. An open lane: when its cool-down ends, spread over the next second so
 * they do not all come back at once (one of them probes). While a probe is out: every 2 s or so,
 * so they follow soon after the probe succeeds.
 */
export function deferredUntil(deferral: Deferral, now: number, random: () => number = Math.random): number {
  switch (deferral.kind) {
    case 'lane-busy': {
      const base = Math.min(LANE_BUSY_MAX_MS, Math.max(LANE_BUSY_MIN_MS, 2 * deferral.busyForMs));
      return now + Math.max(1, Math.round(base * (0.5 + random())));
    }
    case 'open':
      return Math.max(deferral.retryAt, now + SOONEST_MS) + Math.round(random() * OPEN_SPREAD_MS);
    case 'probing':
      return (
        Math.max(Math.min(deferral.retryAt, now + PROBING_RECHECK_MS), now + SOONEST_MS) +
        Math.round(random() * PROBING_SPREAD_MS)
      );
  }
}

/**
 * How long a delivery may be put off before it is given up (dead, for ops): as long as its
 * retries alone would have taken (`attempts` doubling from `backoffMs`: about 43 minutes with
 * the defaults), and at least 10 minutes.
 */
export function deliveryDeferLimitMs(attempts: number, backoffMs: number): number {
  const retries = backoffMs * (2 ** Math.max(0, attempts - 1) - 1);
  return Math.max(10 * 60_000, retries);
}
