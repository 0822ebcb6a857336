import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { z } from 'zod';

/**
 * Addresses a dealer-supplied URL must never reach: loopback, private, carrier-grade NAT,
 * link-local (cloud metadata at 169.254.169.254), multicast, reserved and documentation ranges,
 * and their IPv6 counterparts (IPv4-mapped addresses included). One list per family: a BlockList
 * checks an IPv4 address against its IPv6 rules as ::ffff:a.b.c.d too, so in one list the
 * IPv4-mapped range would refuse every IPv4 address.
 */
const BLOCKED_IPV4 = new net.BlockList();
const BLOCKED_IPV6 = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED_IPV4.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED_IPV6.addSubnet(address, prefix, 'ipv6');

/** Refused before any connection was made; the message says why (never the response of the target). */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

/** The longest OUTBOUND_ALLOWED_ADDRESSES accepted, and the longest entry named in full when refused. */
const MAX_LIST_LENGTH = 4096;
const MAX_ENTRY_LENGTH = 64;
const PORT = /^[0-9]{1,5}$/;
const PREFIX = /^[0-9]{1,3}$/;

/**
 * Exceptions to the blocked ranges (OUTBOUND_ALLOWED_ADDRESSES): an address on a port. A plain
 * address or a range is let through on any port; an `IP:port` or `[IPv6]:port` entry on that port
 * alone, so a development photo host on loopback does not open every other loopback service.
 */
export interface OutboundAllowance {
  allows(address: string, port: number): boolean;
}

type Entry = { address: string; family: 'ipv4' | 'ipv6'; prefix?: number; port?: number };

const familyOf = (address: string): 'ipv4' | 'ipv6' => (net.isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** An entry as a refusal names it: quoted and escaped, cut to its first characters. */
const nameOf = (entry: string): string =>
  JSON.stringify(entry.length > MAX_ENTRY_LENGTH ? `${entry.slice(0, MAX_ENTRY_LENGTH)}…` : entry);

/** One entry read, or why it is refused (its name first). */
function readEntry(entry: string): Entry | string {
  const refused = (why: string) => `${nameOf(entry)}: ${why}`;
  const notAnAddress = refused('is not an IP address, CIDR range, IP:port or [IPv6]:port');
  if (entry.length > MAX_ENTRY_LENGTH || entry.includes('%')) return notAnAddress;
  const withPort = (address: string, port: string, family: 4 | 6): Entry | string => {
    if (net.isIP(address) !== family) return notAnAddress;
    if (port === '') return notAnAddress;
    if (!PORT.test(port) || Number(port) < 1 || Number(port) > 65535) return refused('the port must be 1 to 65535');
    return { address, family: family === 6 ? 'ipv6' : 'ipv4', port: Number(port) };
  };
  const bracketed = /^\[([^\]]*)\]:(.*)$/.exec(entry);
  if (bracketed) return withPort(bracketed[1] ?? '', bracketed[2] ?? '', 6);
  if (net.isIP(entry)) return { address: entry, family: familyOf(entry) };
  const slash = entry.indexOf('/');
  if (slash >= 0) {
    const address = entry.slice(0, slash);
    const prefix = entry.slice(slash + 1);
    // A range takes no port: its addresses are let through on every port.
    if (!net.isIP(address) || prefix.includes(':')) return notAnAddress;
    const family = familyOf(address);
    const longest = family === 'ipv6' ? 128 : 32;
    if (!PREFIX.test(prefix) || Number(prefix) > longest) return refused(`the prefix must be 0 to ${longest}`);
    return { address, family, prefix: Number(prefix) };
  }
  // An IPv4 address and a port; an IPv6 address takes brackets ([::1]:3090), since ::1:3090 is an address.
  const colon = entry.indexOf(':');
  if (colon >= 0 && entry.indexOf(':', colon + 1) < 0)
    return withPort(entry.slice(0, colon), entry.slice(colon + 1), 4);
  return notAnAddress;
}

/** The entries of a list, each read, or the first refusal. */
function readList(list: string): Entry[] | string {
  if (list.length > MAX_LIST_LENGTH) return `the list is longer than ${MAX_LIST_LENGTH} characters`;
  const entries: Entry[] = [];
  for (const raw of list.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const read = readEntry(entry);
    if (typeof read === 'string') return read;
    entries.push(read);
  }
  return entries;
}

/**
 * OUTBOUND_ALLOWED_ADDRESSES: private addresses dealer photos may still be fetched from (an
 * on-premises image server), separated by commas: IPs and CIDR ranges (any port), `IP:port` and
 * `[IPv6]:port` (that port only). Everything else private, loopback or link-local is refused.
 */
export const OutboundAllowedAddressesSchema = z
  .string()
  .superRefine((list, context) => {
    const read = readList(list);
    if (typeof read === 'string') context.addIssue({ code: 'custom', message: read });
  })
  .optional();

class Allowance implements OutboundAllowance {
  /** Plain addresses and ranges: any port. */
  private readonly anyPort = new net.BlockList();
  private readonly byPort = new Map<number, net.BlockList>();

  constructor(entries: readonly Entry[]) {
    for (const entry of entries) {
      if (entry.port === undefined) {
        if (entry.prefix === undefined) this.anyPort.addAddress(entry.address, entry.family);
        else this.anyPort.addSubnet(entry.address, entry.prefix, entry.family);
        continue;
      }
      const list = this.byPort.get(entry.port) ?? new net.BlockList();
      list.addAddress(entry.address, entry.family);
      this.byPort.set(entry.port, list);
    }
  }

  allows(address: string, port: number): boolean {
    const family = familyOf(address);
    return this.anyPort.check(address, family) || (this.byPort.get(port)?.check(address, family) ?? false);
  }
}

/**
 * Exceptions to the blocked ranges, from OUTBOUND_ALLOWED_ADDRESSES
 * ('127.0.0.2,10.1.0.0/16,127.0.0.1:3090,[::1]:3090'); null for none. Throws an Error naming the
 * first entry that is not one.
 */
export function allowedAddresses(list: string | undefined): OutboundAllowance | null {
  const read = readList(list ?? '');
  if (typeof read === 'string') throw new Error(`OUTBOUND_ALLOWED_ADDRESSES: ${read}`);
  return read.length === 0 ? null : new Allowance(read);
}

/** Outside every blocked range (loopback, private, link-local, metadata...). */
export function isPublicAddress(address: string): boolean {
  const family = familyOf(address);
  return !(family === 'ipv6' ? BLOCKED_IPV6 : BLOCKED_IPV4).check(address, family);
}

/** The port a URL connects to: its own, or its scheme's. */
const portOf = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

const mayConnect = (address: string, port: number, allowed: OutboundAllowance | null | undefined): boolean =>
  Boolean(allowed?.allows(address, port)) || isPublicAddress(address);

export interface GuardedGetOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Redirects followed, each target checked again. Default 3. */
  maxRedirects?: number;
  /** Private addresses (and ports) let through anyway: OUTBOUND_ALLOWED_ADDRESSES. */
  allowed?: OutboundAllowance | null;
  accept?: string;
  /** A conditional request: the validators of the copy already held, so an unchanged resource answers 304. */
  ifNoneMatch?: string | null;
  ifModifiedSince?: string | null;
  /**
   * Resolves a name to its addresses instead of the system's resolver (the host verification asks
   * the servers of DNS_RESOLVER, as for its TXT records). Its answers are checked as the system's are.
   */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
  /**
   * False: a connection of its own, closed after the answer, instead of one kept alive by Node's
   * global agent. A pooled connection was checked with the options of the fetch that opened it (its
   * resolver, its allowance), so a caller whose own must decide (the host verification) opts out.
   */
  reuseConnections?: boolean;
}

export interface GuardedResponse {
  status: number;
  contentType: string | null;
  body: Buffer;
  /** The validators to send next time (ETag, Last-Modified), as the host sent them. */
  etag: string | null;
  lastModified: string | null;
}

/** Why a fetch produced nothing usable (the address itself was fine). */
export type GuardedFailure = 'status' | 'too-large' | 'timeout' | 'unreachable' | 'too-many-redirects';

export type GuardedOutcome =
  | { kind: 'ok'; response: GuardedResponse }
  /** Only where the request was conditional: the copy held is current. */
  | { kind: 'not-modified'; etag: string | null; lastModified: string | null }
  | { kind: 'failed'; reason: GuardedFailure; status?: number };

/**
 * GET of an address someone outside the platform chose (a dealer's photo URL): http(s) only; the
 * connection's own DNS answer is checked, so a name that resolves (or re-resolves) to a private
 * address is refused at connect time; every redirect target is checked the same way; the whole
 * exchange is bounded in time and bytes. Answers null for anything unusable; throws OutboundRefused
 * when the address itself is refused.
 */
export async function guardedGet(address: string, options: GuardedGetOptions): Promise<GuardedResponse | null> {
  const outcome = await guardedFetch(address, options);
  return outcome.kind === 'ok' ? outcome.response : null;
}

/**
 * guardedGet with the outcome spelt out: a 304 to a conditional request, or why nothing usable
 * came back, for callers that record it (the photo ingest's refusal reasons). Same guards, same
 * OutboundRefused for an address that is refused.
 */
export async function guardedFetch(address: string, options: GuardedGetOptions): Promise<GuardedOutcome> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let current = new URL(address);
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop += 1) {
    const answer = await getOnce(current, options, deadline);
    if (answer.kind === 'redirect') {
      current = new URL(answer.location, current);
      continue;
    }
    return answer.outcome;
  }
  return { kind: 'failed', reason: 'too-many-redirects' };
}

type Once = { kind: 'redirect'; location: string } | { kind: 'done'; outcome: GuardedOutcome };

const header = (value: string | string[] | undefined): string | null =>
  (Array.isArray(value) ? value[0] : value) ?? null;

function getOnce(url: URL, options: GuardedGetOptions, signal: AbortSignal): Promise<Once> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRefused(`Only http and https addresses are fetched, not ${url.protocol}`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // The port is checked with the address (an allowance may name one), here and at connect time.
  const port = portOf(url);
  if (net.isIP(host) && !mayConnect(host, port, options.allowed))
    throw new OutboundRefused(`${host} port ${port} is not a public address`);
  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    const answered = (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]): void => {
      if (error) return callback(error, '', 4);
      const usable = addresses.find((entry) => mayConnect(entry.address, port, options.allowed));
      if (!usable)
        return callback(
          new OutboundRefused(`${hostname} resolves only to addresses that are not public on port ${port}`),
          '',
          4,
        );
      if (lookupOptions.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, [usable]);
      callback(null, usable.address, usable.family);
    };
    if (!options.resolve) return dns.lookup(hostname, { all: true }, answered);
    options.resolve(hostname).then(
      (addresses) => answered(null, addresses),
      (error: NodeJS.ErrnoException) => answered(error, []),
    );
  };
  const conditional = Boolean(options.ifNoneMatch || options.ifModifiedSince);
  const headers: Record<string, string> = { accept: options.accept ?? '*/*', 'user-agent': 'dealer-platform' };
  if (options.ifNoneMatch) headers['if-none-match'] = options.ifNoneMatch;
  if (options.ifModifiedSince) headers['if-modified-since'] = options.ifModifiedSince;
  const failed = (reason: GuardedFailure, status?: number): Once => ({
    kind: 'done',
    outcome: status === undefined ? { kind: 'failed', reason } : { kind: 'failed', reason, status },
  });
  return new Promise<Once>((resolve, reject) => {
    // No agent: a connection of its own (reuseConnections false), else Node's global keep-alive agent.
    const agent = options.reuseConnections === false ? { agent: false as const } : {};
    const requestOptions: http.RequestOptions = { lookup, signal, headers, ...agent };
    const request = (url.protocol === 'https:' ? https : http).get(url, requestOptions, (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      const etag = header(response.headers.etag);
      const lastModified = header(response.headers['last-modified']);
      if (status === 304 && conditional) {
        response.resume();
        return resolve({ kind: 'done', outcome: { kind: 'not-modified', etag, lastModified } });
      }
      if (status >= 300 && status < 400 && location) {
        response.resume();
        return resolve({ kind: 'redirect', location });
      }
      if (status < 200 || status >= 300) {
        response.resume();
        return resolve(failed('status', status));
      }
      if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
        response.resume();
        return resolve(failed('too-large'));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          request.destroy();
          resolve(failed('too-large'));
        } else chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({
          kind: 'done',
          outcome: {
            kind: 'ok',
            response: {
              status,
              contentType: response.headers['content-type'] ?? null,
              body: Buffer.concat(chunks),
              etag,
              lastModified,
            },
          },
        }),
      );
      response.on('error', () => resolve(failed(signal.aborted ? 'timeout' : 'unreachable')));
    });
    request.on('error', (error) =>
      error instanceof OutboundRefused ? reject(error) : resolve(failed(signal.aborted ? 'timeout' : 'unreachable')),
    );
  });
}
