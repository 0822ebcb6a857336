/**
 * The per-host circuit breaker of photo fetching (issue 38), as pure transitions: the worker keeps
 * one state per dealer host in Redis (shared by every worker process) and applies these. After
 * `failureThreshold` fetches in a row that failed for the host (timeouts, refused connections,
 * 5xx), the host is open: its photos wait (their jobs are delayed, no attempt spent) for the
 * cool-down, so a dead host costs no worker time and never holds up other dealers' photos. Then
 * one probe fetch is let through (half-open): a success closes the breaker, a failure opens it
 * again for twice as long (up to `maxCoolDownMs`).
 */
export interface BreakerConfig {
  failureThreshold: number;
  coolDownMs: number;
  maxCoolDownMs: number;
  /** How long one probe holds the half-open host before another may probe (its worker may have died). */
  probeLeaseMs: number;
}

export type BreakerState =
  | { state: 'closed'; failures: number }
  | { state: 'open'; until: number; openings: number }
  | { state: 'half-open'; probeUntil: number; openings: number };

export const CLOSED: BreakerState = { state: 'closed', failures: 0 };

export const DEFAULT_BREAKER: BreakerConfig = {
  failureThreshold: 5,
  coolDownMs: 60_000,
  maxCoolDownMs: 30 * 60_000,
  probeLeaseMs: 60_000,
};

export type BreakerAdmission = { admit: true; state: BreakerState } | { admit: false; retryAt: number };

/** Whether a fetch from the host may start now; the state to keep when it may (a probe is marked). */
export function breakerAdmits(state: BreakerState, now: number, config: BreakerConfig): BreakerAdmission {
  if (state.state === 'closed') return { admit: true, state };
  if (state.state === 'open' && now < state.until) return { admit: false, retryAt: state.until };
  if (state.state === 'half-open' && now < state.probeUntil) return { admit: false, retryAt: state.probeUntil };
  return {
    admit: true,
    state: { state: 'half-open', probeUntil: now + config.probeLeaseMs, openings: state.openings },
  };
}

/** The state after a fetch from the host ended: 'success' is any answer (even a refusal), 'failure' a host fault. */
export function breakerAfter(
  state: BreakerState,
  result: 'success' | 'failure',
  now: number,
  config: BreakerConfig,
): BreakerState {
  if (result === 'success') return CLOSED;
  if (state.state === 'closed') {
    const failures = state.failures + 1;
    if (failures < config.failureThreshold) return { state: 'closed', failures };
    return { state: 'open', until: now + config.coolDownMs, openings: 1 };
  }
  // A failed probe, or a fetch admitted before the host opened: open again, for longer.
  const coolDown = Math.min(config.maxCoolDownMs, config.coolDownMs * 2 ** state.openings);
  return { state: 'open', until: now + coolDown, openings: state.openings + 1 };
}

/** A stored state read back; anything unreadable is a closed breaker (the safe default: fetch). */
export function parseBreakerState(raw: string | null): BreakerState {
  if (!raw) return CLOSED;
  try {
    const value = JSON.parse(raw) as Partial<Record<string, unknown>>;
    const int = (key: string): number | null =>
      typeof value[key] === 'number' && Number.isFinite(value[key]) ? (value[key] as number) : null;
    if (value['state'] === 'closed' && int('failures') !== null) return { state: 'closed', failures: int('failures')! };
    if (value['state'] === 'open' && int('until') !== null && int('openings') !== null)
      return { state: 'open', until: int('until')!, openings: int('openings')! };
    if (value['state'] === 'half-open' && int('probeUntil') !== null && int('openings') !== null)
      return { state: 'half-open', probeUntil: int('probeUntil')!, openings: int('openings')! };
  } catch {
    // Fall through: an unreadable state never blocks a host.
  }
  return CLOSED;
}

/**
 * The host a photo address is fetched from, as the breaker and the per-host limit count it:
 * lower-case host name and port. Null for text that is not a web address.
 */
export function photoHostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.host.toLowerCase();
  } catch {
    return null;
  }
}
