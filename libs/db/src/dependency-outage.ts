/** Socket errors that mean the other side is not there (stopped, restarting, unreachable). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not taking connections: connection
 * exceptions (08), admin shutdown, crash shutdown, cannot connect now (57P01-57P03), too many
 * connections (53300).
 */
const OUTAGE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** The same, as the drivers word it when only the message survives (a job's failed reason). */
const OUTAGE_MESSAGES = [
  /\bECONNREFUSED\b|\bECONNRESET\b|\bETIMEDOUT\b|\bEPIPE\b|\bEAI_AGAIN\b/,
  /connection terminated/i,
  /terminating connection due to/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /timeout exceeded when trying to connect/i,
  /too many clients already/i,
  /Connection is closed/i,
  /max retries per request/i,
];

/**
 * Whether an error means PostgreSQL or Redis is unreachable for now (as opposed to a refused query
 * or a bug): such work is retried rather than failed, and a client is told 503 with Retry-After.
 * Reads the error, the driver error TypeORM wraps and its cause, or a message alone.
 */
export function isDependencyOutage(error: unknown, depth = 0): boolean {
  if (depth > 3 || error === null || error === undefined) return false;
  if (typeof error === 'string') return OUTAGE_MESSAGES.some((pattern) => pattern.test(error));
  if (typeof error !== 'object') return false;
  const { code, message, driverError, cause } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || OUTAGE_SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && OUTAGE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  return isDependencyOutage(driverError, depth + 1) || isDependencyOutage(cause, depth + 1);
}
