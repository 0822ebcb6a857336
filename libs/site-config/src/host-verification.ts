import { Resolver } from 'node:dns/promises';
import net from 'node:net';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import {
  HTTP_VERIFICATION_PATH,
  isDevelopmentHost,
  VERIFICATION_LABEL,
  verificationValue,
  type HostStatus,
} from '@platform/domain';

/**
 * Custom domains, verified (issue 51): a host serves nothing until its TXT record
 * `_dealer-platform-verification.<host>` carries `dealer-platform-verification=<token>`, or, when
 * the record is not there, until `http://<host>/.well-known/dealer-platform-verification` answers
 * that value (only the platform answers it, so the name routes here), and is checked again on a
 * schedule. The api checks one host now (ops' "verify"); the worker's sweep checks the due ones.
 * Both go through HostVerifier, so the rules live once.
 */

/** Checks in a row that miss the record before a verified host is flagged failing. */
export const FAIL_AFTER_MISSES = 3;
/** How long one lookup may take before it counts as a miss. */
export const DEFAULT_DNS_TIMEOUT_MS = 3_000;
/** A pending or failing host is checked again this often (it is waiting on the dealer, or flagged). */
export const PENDING_CHECK_EVERY_MS = 60_000;
/** A verified host is checked again this often. */
export const VERIFIED_CHECK_EVERY_MS = 3_600_000;

const ADDRESS_AND_PORT = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+))(?::(\d{1,5}))?$/;

/** One DNS server as node:dns takes it: `127.0.0.1`, `127.0.0.1:5353`, `[::1]:5353`. */
function isServer(entry: string): boolean {
  const match = ADDRESS_AND_PORT.exec(entry) ?? (net.isIPv6(entry) ? [entry, entry] : null);
  if (!match) return false;
  const address = match[1] ?? match[2] ?? '';
  const port = match[3];
  return net.isIP(address) !== 0 && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
}

/** The port a host's HTTP token is fetched on: plain HTTP's, where Caddy (or the web) answers a host. */
export const DEFAULT_HTTP_VERIFICATION_PORT = 80;

/**
 * DNS_RESOLVER: the DNS servers the verification lookups ask, comma separated (unset: the
 * system's), for the TXT record and for the address the HTTP token is fetched from. Tests point it
 * at a DNS server on loopback; production may name a recursive resolver that does not cache long.
 * DNS_TIMEOUT_MS bounds each lookup. HOST_VERIFICATION_HTTP_PORT: the port the HTTP token is
 * fetched on, 80 in production; development and tests name the web's own port, where no proxy
 * listens on 80.
 */
export const HostVerificationEnvShape = {
  DNS_RESOLVER: z
    .string()
    .trim()
    .max(500)
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine(
      (servers) => servers.every(isServer),
      'DNS_RESOLVER must be IP addresses with an optional port, comma separated (127.0.0.1:5353, [::1]:53)',
    )
    .optional(),
  DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(DEFAULT_DNS_TIMEOUT_MS),
  HOST_VERIFICATION_HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(DEFAULT_HTTP_VERIFICATION_PORT),
};

/** What a verification lookup needs: the TXT records at a name, each as its chunks. */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
}

/**
 * node:dns's resolver on the given servers (none: the system's), each lookup bounded by
 * timeoutMs whatever c-ares does, and cancelled when it runs over.
 */
export function dnsTxtResolver(
  servers: readonly string[] | undefined,
  timeoutMs = DEFAULT_DNS_TIMEOUT_MS,
): TxtResolver {
  return { resolveTxt: (name) => askWithin(servers, timeoutMs, (resolver) => resolver.resolveTxt(name)) };
}

/** One address of a name, as node:net's lookup answers it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * A name's IPv4 and IPv6 addresses (IPv4 first) from the given DNS servers, bounded by timeoutMs
 * as TXT lookups are: where the HTTP token is fetched from, so the HTTP way asks the same servers
 * as the TXT record (a DNS server on loopback in tests). Rejects with node:dns's error (its `code`,
 * such as ENOTFOUND) when neither family has an address.
 */
export function dnsAddressResolver(
  servers: readonly string[] | undefined,
  timeoutMs = DEFAULT_DNS_TIMEOUT_MS,
): (name: string) => Promise<ResolvedAddress[]> {
  return async (name) => {
    const [v4, v6] = await Promise.allSettled([
      askWithin(servers, timeoutMs, (resolver) => resolver.resolve4(name)),
      askWithin(servers, timeoutMs, (resolver) => resolver.resolve6(name)),
    ]);
    const addresses: ResolvedAddress[] = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
    if (addresses.length > 0) return addresses;
    // No address at all: the IPv4 lookup's reason (NXDOMAIN, a timeout) says most; a name with no
    // A record but an empty AAAA answer is still "no address".
    if (v4.status === 'rejected') throw v4.reason;
    if (v6.status === 'rejected') throw v6.reason;
    throw Object.assign(new Error(`${name} has no address`), { code: 'ENODATA' });
  };
}

/**
 * One question to node:dns's resolver on the given servers (none: the system's), bounded by
 * timeoutMs whatever c-ares does, and cancelled when it runs over.
 */
async function askWithin<T>(
  servers: readonly string[] | undefined,
  timeoutMs: number,
  ask: (resolver: Resolver) => Promise<T>,
): Promise<T> {
  // One resolver per lookup, so cancelling a slow one never cancels another's.
  const resolver = new Resolver({ timeout: Math.max(50, Math.floor(timeoutMs / 2)), tries: 2 });
  if (servers?.length) resolver.setServers([...servers]);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      resolver.cancel();
      reject(Object.assign(new Error(`DNS did not answer within ${timeoutMs} ms`), { code: 'ETIMEOUT' }));
    }, timeoutMs);
  });
  try {
    return await Promise.race([ask(resolver), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** What DNS answered for a host's verification name. */
export interface TxtLookup {
  matched: boolean;
  /** The TXT values found at the name (at most 10, each cut to 255 characters), for ops to compare. */
  seen: string[];
  /** Why nothing matched when DNS gave no record: no such name, no TXT record, a timeout. */
  error: string | null;
}

const NO_TXT_RECORD = 'no TXT record at that name';

const DNS_ERRORS: Record<string, string> = {
  ENOTFOUND: 'no such name (NXDOMAIN)',
  ENODATA: NO_TXT_RECORD,
  ETIMEOUT: 'DNS did not answer in time',
  ECONNREFUSED: 'the DNS server refused the connection',
  ESERVFAIL: 'the DNS server failed (SERVFAIL)',
  EREFUSED: 'the DNS server refused the query',
  ECANCELLED: 'DNS did not answer in time',
};

/**
 * Why a DNS question got no answer, in words for ops (the TXT lookup's, and the HTTP token's
 * address lookup's, which names its own "no record" case).
 */
export function describeDnsError(error: unknown, noRecord = NO_TXT_RECORD): string {
  const code = (error as { code?: string } | null)?.code ?? '';
  if (code === 'ENODATA') return noRecord;
  return DNS_ERRORS[code] ?? `DNS lookup failed (${code || 'error'})`;
}

/** Looks the verification record of a host up and compares it with the host's token. */
export async function lookUpVerification(resolver: TxtResolver, host: string, token: string): Promise<TxtLookup> {
  const expected = verificationValue(token);
  try {
    const records = (await resolver.resolveTxt(`${VERIFICATION_LABEL}.${host}`)).map((chunks) => chunks.join(''));
    return {
      matched: records.some((record) => record.trim() === expected),
      seen: records.slice(0, 10).map((record) => record.slice(0, 255)),
      error: records.length === 0 ? NO_TXT_RECORD : null,
    };
  } catch (error) {
    return { matched: false, seen: [], error: describeDnsError(error) };
  }
}

/** How a host proved control: its TXT record, or its token served over HTTP through the platform. */
export type VerificationMethod = 'dns' | 'http';

/** What a host answered at its HTTP verification path: the body as text, or why nothing usable came. */
export type HttpTokenAnswer = { body: string } | { error: string };

/**
 * Fetches `http://<host>/.well-known/dealer-platform-verification`. The platform's one is the
 * guarded fetcher (libs/server-kit: public addresses only, no redirect, a short timeout, a tiny
 * body), so the verifier never opens a connection of its own to a name a dealer chose.
 */
export interface HttpTokenSource {
  fetch(host: string): Promise<HttpTokenAnswer>;
}

/** The address a host's HTTP token is fetched from: plain HTTP, port 80 unless another is named. */
export const httpVerificationUrl = (host: string, port = 80): string =>
  `http://${host}${port === 80 ? '' : `:${port}`}${HTTP_VERIFICATION_PATH}`;

/** Whether the host's HTTP token matched, and why not when it did not. */
export interface HttpLookup {
  matched: boolean;
  error: string | null;
}

/** Fetches a host's HTTP token and compares it with the host's own value (surrounding whitespace aside). */
export async function lookUpHttpToken(source: HttpTokenSource, host: string, token: string): Promise<HttpLookup> {
  let answer: HttpTokenAnswer;
  try {
    answer = await source.fetch(host);
  } catch (error) {
    answer = { error: `the HTTP token could not be fetched (${(error as Error).message})` };
  }
  if ('error' in answer) return { matched: false, error: answer.error };
  return answer.body.trim() === verificationValue(token)
    ? { matched: true, error: null }
    : { matched: false, error: `${HTTP_VERIFICATION_PATH} does not answer this host's value` };
}

/** One check's outcome: what DNS answered, and the HTTP token's when DNS did not match. */
export interface HostLookup extends TxtLookup {
  /** Either way matched: the TXT record, or the HTTP token. */
  matched: boolean;
  /** Which way matched; null for a miss. */
  method: VerificationMethod | null;
  /** Why the HTTP token did not match; null when it did or was not tried (DNS matched, or no source). */
  http_error: string | null;
}

/** A host's verification state, as site_hosts keeps it. */
export interface HostCheckState {
  status: HostStatus;
  check_failures: number;
}

/**
 * The state after one check: a match verifies (failures back to 0; a failing host returns to
 * verified); a miss counts, and a verified host that misses `failAfter` checks in a row turns
 * failing (still served, flagged to ops). A pending host stays pending until its record is seen.
 */
export function afterCheck(state: HostCheckState, matched: boolean, failAfter = FAIL_AFTER_MISSES): HostCheckState {
  if (matched) return { status: 'verified', check_failures: 0 };
  const check_failures = state.check_failures + 1;
  if (state.status === 'verified' && check_failures >= failAfter) return { status: 'failing', check_failures };
  return { status: state.status, check_failures };
}

/** One host checked: its state before and after, and what DNS (and HTTP) answered. */
export interface HostCheck extends HostLookup {
  host: string;
  siteId: number;
  previous: HostStatus;
  status: HostStatus;
  check_failures: number;
  checked_at: Date;
  verified_at: Date | null;
}

/** Where the verifier reports a host turning failing or verifying again; no personal data, host names only. */
export interface HostVerificationLog {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
}

export interface HostVerifierOptions {
  failAfter?: number;
  /** Tried when the TXT record does not match; without one, DNS is the only way. */
  http?: HttpTokenSource;
  log?: HostVerificationLog;
  /** How many lookups a sweep runs at once. */
  concurrency?: number;
}

interface HostRow {
  host: string;
  site_id: number;
  status: HostStatus;
  verification_token: string | null;
  check_failures: number;
  verified_at: Date | null;
}

const QUIET: HostVerificationLog = { info: () => undefined, warn: () => undefined };

/**
 * Checks hosts' verification records and keeps site_hosts' state. Writes touch status only when
 * it changes: the configuration version (which every cache of site data follows) moves when a
 * host starts or stops serving, never on a routine check.
 */
export class HostVerifier {
  private readonly failAfter: number;
  private readonly log: HostVerificationLog;
  private readonly concurrency: number;
  private readonly http: HttpTokenSource | null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly resolver: TxtResolver,
    options: HostVerifierOptions = {},
  ) {
    this.failAfter = options.failAfter ?? FAIL_AFTER_MISSES;
    this.log = options.log ?? QUIET;
    this.concurrency = options.concurrency ?? 4;
    this.http = options.http ?? null;
  }

  /**
   * Checks one host now and records the outcome. Null when no such host; a development host (and
   * one without a token, as the seed's) is not looked up and answers its state as it is.
   */
  async check(host: string): Promise<HostCheck | null> {
    const [row] = (await this.dataSource.query(
      `SELECT host, site_id, status, verification_token, check_failures, verified_at FROM site_hosts WHERE host = $1`,
      [host],
    )) as HostRow[];
    if (!row) return null;
    if (isDevelopmentHost(row.host) || !row.verification_token) {
      return {
        host: row.host,
        siteId: row.site_id,
        previous: row.status,
        status: row.status,
        check_failures: row.check_failures,
        checked_at: new Date(),
        verified_at: row.verified_at,
        matched: row.status !== 'pending',
        method: null,
        seen: [],
        error: null,
        http_error: null,
      };
    }
    const token = row.verification_token;
    const lookup = await this.lookUp(row.host, token);
    return this.dataSource.transaction((manager) => this.record(manager, row.host, token, lookup));
  }

  /** The TXT record first (the documented way, and no request to the host); the HTTP token when it misses. */
  private async lookUp(host: string, token: string): Promise<HostLookup> {
    const txt = await lookUpVerification(this.resolver, host, token);
    if (txt.matched) return { ...txt, method: 'dns', http_error: null };
    if (!this.http) return { ...txt, method: null, http_error: null };
    const http = await lookUpHttpToken(this.http, host, token);
    return { ...txt, matched: http.matched, method: http.matched ? 'http' : null, http_error: http.error };
  }

  /**
   * Checks every host that is due: pending and failing ones not checked for `pendingEveryMs`,
   * verified ones not checked for `verifiedEveryMs`, of sites not retired; development hosts and
   * hosts without a token are never looked up. At most `limit` per sweep, the longest unchecked first.
   */
  async sweep(
    options: { pendingEveryMs?: number; verifiedEveryMs?: number; limit?: number } = {},
  ): Promise<{ checked: number; verified: number; failing: number }> {
    const rows = (await this.dataSource.query(
      `SELECT h.host FROM site_hosts h JOIN sites s ON s.id = h.site_id
       WHERE s.retired_at IS NULL AND h.verification_token IS NOT NULL
         AND h.host <> 'localhost' AND h.host NOT LIKE '%.localhost'
         AND (h.checked_at IS NULL OR h.checked_at < now() - make_interval(secs => CASE WHEN h.status = 'verified' THEN $1::float8 ELSE $2::float8 END))
       ORDER BY h.checked_at ASC NULLS FIRST, h.host LIMIT $3`,
      [
        (options.verifiedEveryMs ?? VERIFIED_CHECK_EVERY_MS) / 1000,
        (options.pendingEveryMs ?? PENDING_CHECK_EVERY_MS) / 1000,
        options.limit ?? 500,
      ],
    )) as { host: string }[];
    const outcome = { checked: 0, verified: 0, failing: 0 };
    let next = 0;
    const lane = async (): Promise<void> => {
      for (let row = rows[next++]; row; row = rows[next++]) {
        const check = await this.check(row.host);
        if (!check) continue;
        outcome.checked += 1;
        if (check.status === 'verified' && check.previous !== 'verified') outcome.verified += 1;
        if (check.status === 'failing' && check.previous !== 'failing') outcome.failing += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, rows.length) }, lane));
    return outcome;
  }

  private async record(
    manager: EntityManager,
    host: string,
    token: string,
    lookup: HostLookup,
  ): Promise<HostCheck | null> {
    // Locked and read again: a sweep and ops' "verify now" may check the same host at once, and the
    // token may have changed (the host removed and added again) while DNS was asked.
    const [row] = (await manager.query(
      `SELECT host, site_id, status, verification_token, check_failures, verified_at FROM site_hosts WHERE host = $1 FOR UPDATE`,
      [host],
    )) as HostRow[];
    if (!row || row.verification_token !== token) return null;
    const next = afterCheck(row, lookup.matched, this.failAfter);
    const statusChanges = next.status !== row.status;
    const result = (await manager.query(
      `UPDATE site_hosts SET ${statusChanges ? 'status = $5, ' : ''}check_failures = $2, checked_at = now(),
         verified_at = CASE WHEN $3 THEN now() ELSE verified_at END,
         verified_by = CASE WHEN $3 THEN $4 ELSE verified_by END
       WHERE host = $1 RETURNING checked_at, verified_at`,
      statusChanges
        ? [host, next.check_failures, lookup.matched, lookup.method, next.status]
        : [host, next.check_failures, lookup.matched, lookup.method],
    )) as unknown[];
    // TypeORM's postgres driver answers an UPDATE ... RETURNING as [rows, affected].
    const [changed = { checked_at: new Date(), verified_at: null }] = (
      Array.isArray(result[0]) ? result[0] : result
    ) as {
      checked_at: Date;
      verified_at: Date | null;
    }[];
    if (statusChanges && next.status === 'failing')
      this.log.warn(
        { host, siteId: row.site_id, misses: next.check_failures, error: lookup.error, httpError: lookup.http_error },
        'custom domain stopped verifying: flagged failing (still served)',
      );
    else if (statusChanges && row.status === 'failing')
      this.log.info({ host, siteId: row.site_id }, 'custom domain verifies again');
    else if (statusChanges)
      this.log.info({ host, siteId: row.site_id, method: lookup.method }, 'custom domain verified');
    return {
      host,
      siteId: row.site_id,
      previous: row.status,
      status: next.status,
      check_failures: next.check_failures,
      checked_at: changed.checked_at,
      verified_at: changed.verified_at,
      ...lookup,
    };
  }
}
