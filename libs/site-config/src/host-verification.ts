import { Resolver } from 'node:dns/promises';
import net from 'node:net';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { isDevelopmentHost, VERIFICATION_LABEL, verificationValue, type HostStatus } from '@platform/domain';

/**
 * Custom domains, verified (issue 51): a host serves nothing until its TXT record
 * `_dealer-platform-verification.<host>` carries `dealer-platform-verification=<token>`, and is
 * checked again on a schedule. The api checks one host now (ops' "verify"); the worker's sweep
 * checks the due ones. Both go through HostVerifier, so the rules live once.
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

/**
 * DNS_RESOLVER: the DNS servers the verification lookups ask, comma separated (unset: the
 * system's). Tests point it at a DNS server on loopback; production may name a recursive resolver
 * that does not cache long. DNS_TIMEOUT_MS bounds each lookup.
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
  return {
    async resolveTxt(name) {
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
        return await Promise.race([resolver.resolveTxt(name), deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** What DNS answered for a host's verification name. */
export interface TxtLookup {
  matched: boolean;
  /** The TXT values found at the name (at most 10, each cut to 255 characters), for ops to compare. */
  seen: string[];
  /** Why nothing matched when DNS gave no record: no such name, no TXT record, a timeout. */
  error: string | null;
}

const DNS_ERRORS: Record<string, string> = {
  ENOTFOUND: 'no such name (NXDOMAIN)',
  ENODATA: 'no TXT record at that name',
  ETIMEOUT: 'DNS did not answer in time',
  ECONNREFUSED: 'the DNS server refused the connection',
  ESERVFAIL: 'the DNS server failed (SERVFAIL)',
  EREFUSED: 'the DNS server refused the query',
  ECANCELLED: 'DNS did not answer in time',
};

/** Looks the verification record of a host up and compares it with the host's token. */
export async function lookUpVerification(resolver: TxtResolver, host: string, token: string): Promise<TxtLookup> {
  const expected = verificationValue(token);
  try {
    const records = (await resolver.resolveTxt(`${VERIFICATION_LABEL}.${host}`)).map((chunks) => chunks.join(''));
    return {
      matched: records.some((record) => record.trim() === expected),
      seen: records.slice(0, 10).map((record) => record.slice(0, 255)),
      error: records.length === 0 ? DNS_ERRORS['ENODATA'] : null,
    };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    return { matched: false, seen: [], error: DNS_ERRORS[code] ?? `DNS lookup failed (${code || 'error'})` };
  }
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

/** One host checked: its state before and after, and what DNS answered. */
export interface HostCheck extends TxtLookup {
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

  constructor(
    private readonly dataSource: DataSource,
    private readonly resolver: TxtResolver,
    options: HostVerifierOptions = {},
  ) {
    this.failAfter = options.failAfter ?? FAIL_AFTER_MISSES;
    this.log = options.log ?? QUIET;
    this.concurrency = options.concurrency ?? 4;
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
        seen: [],
        error: null,
      };
    }
    const token = row.verification_token;
    const lookup = await lookUpVerification(this.resolver, row.host, token);
    return this.dataSource.transaction((manager) => this.record(manager, row.host, token, lookup));
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
    lookup: TxtLookup,
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
      `UPDATE site_hosts SET ${statusChanges ? 'status = $4, ' : ''}check_failures = $2, checked_at = now(),
         verified_at = CASE WHEN $3 THEN now() ELSE verified_at END
       WHERE host = $1 RETURNING checked_at, verified_at`,
      statusChanges
        ? [host, next.check_failures, lookup.matched, next.status]
        : [host, next.check_failures, lookup.matched],
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
        { host, siteId: row.site_id, misses: next.check_failures, error: lookup.error },
        'custom domain stopped verifying: flagged failing (still served)',
      );
    else if (statusChanges && row.status === 'failing')
      this.log.info({ host, siteId: row.site_id }, 'custom domain verifies again');
    else if (statusChanges) this.log.info({ host, siteId: row.site_id }, 'custom domain verified');
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
