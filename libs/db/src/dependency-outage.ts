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

/** The same, as PostgreSQL's driver words it when only the message survives (a job's failed reason). */
const POSTGRES_MESSAGES = [
  /connection terminated/i,
  /terminating connection due to/i,
  /the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/i,
  /remaining connection slots are reserved/i,
  /Client has encountered a connection error and is not queryable/i,
  /timeout exceeded when trying to connect/i,
  /too many clients already/i,
];

/** ioredis once its connection is gone (commands refused or out of retries). */
const REDIS_MESSAGES = [/Connection is closed/i, /max retries per request/i, /Stream isn't writeable/i];

/** A socket error that names no side (the api and worker talk to PostgreSQL and Redis). */
const NETWORK_MESSAGE = /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b/;

/** Which dependency an outage error is of; 'PostgreSQL or Redis' when a socket error names no side. */
export type Dependency = 'PostgreSQL' | 'Redis' | 'PostgreSQL or Redis';

/** Where a dependency listens, so a socket error on its port is known to be its own. */
export interface DependencyEndpoint {
  dependency: 'PostgreSQL' | 'Redis';
  port: number;
}

/** The endpoints of a process's PostgreSQL and Redis, from their URLs. */
export const dependencyEndpoints = (urls: { databaseUrl: string; redisUrl: string }): DependencyEndpoint[] => [
  { dependency: 'PostgreSQL', port: Number(new URL(urls.databaseUrl).port || 5432) },
  { dependency: 'Redis', port: Number(new URL(urls.redisUrl).port || 6379) },
];

/**
 * Whether an error means PostgreSQL or Redis is unreachable for now (as opposed to a refused query
 * or a bug), and which: such work is retried rather than failed, and a client is told 503 with
 * Retry-After naming it. Reads the error, the driver error TypeORM wraps and its cause, or a
 * message alone (a job's failed reason); `endpoints` name the side of a bare socket error.
 */
export function dependencyOutage(
  error: unknown,
  endpoints: readonly DependencyEndpoint[] = [],
  depth = 0,
): Dependency | null {
  if (depth > 3 || error === null || error === undefined) return null;
  if (typeof error === 'string') return outageInMessage(error);
  if (typeof error !== 'object') return null;
  const { code, message, name, driverError, cause, port } = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    driverError?: unknown;
    cause?: unknown;
    port?: unknown;
  };
  // A refused or cut socket names its port: the endpoint on it says whose it was. Where the
  // endpoints are known, a socket error on any other port (a payment provider, a mail server) is
  // that service's, not an outage of PostgreSQL or Redis.
  if (typeof code === 'string' && NETWORK_CODES.has(code)) {
    const endpoint = endpoints.find((candidate) => candidate.port === port);
    if (endpoint) return endpoint.dependency;
    if (endpoints.length > 0 && typeof port === 'number') return null;
  }
  if (name === 'MaxRetriesPerRequestError') return 'Redis';
  if (typeof code === 'string' && OUTAGE_SQLSTATE.test(code)) return 'PostgreSQL';
  // TypeORM wraps only PostgreSQL's errors, so an outage inside one is PostgreSQL's.
  if (dependencyOutage(driverError, endpoints, depth + 1)) return 'PostgreSQL';
  if (typeof message === 'string') {
    const found = outageInMessage(message);
    if (found) return found;
  }
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return 'PostgreSQL or Redis';
  return dependencyOutage(cause, endpoints, depth + 1);
}

function outageInMessage(message: string): Dependency | null {
  if (POSTGRES_MESSAGES.some((pattern) => pattern.test(message))) return 'PostgreSQL';
  if (REDIS_MESSAGES.some((pattern) => pattern.test(message))) return 'Redis';
  if (NETWORK_MESSAGE.test(message)) return 'PostgreSQL or Redis';
  return null;
}

export const isDependencyOutage = (error: unknown): boolean => dependencyOutage(error) !== null;
