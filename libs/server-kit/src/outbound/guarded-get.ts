import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { z } from 'zod';

/**
 * Addresses a dealer-supplied URL must never reach: loopback, private, carrier-grade NAT,
 * link-local (cloud metadata at 169.254.169.254), multicast, reserved and documentation ranges,
 * and their IPv6 counterparts (IPv4-mapped addresses included).
 */
const BLOCKED = new net.BlockList();
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
  BLOCKED.addSubnet(address, prefix, 'ipv4');
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
  BLOCKED.addSubnet(address, prefix, 'ipv6');

/** Refused before any connection was made; the message says why (never the response of the target). */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

/**
 * OUTBOUND_ALLOWED_ADDRESSES: private addresses dealer photos may still be fetched from (an
 * on-premises image server), as IPs or CIDR ranges separated by commas. Everything else private,
 * loopback or link-local is refused.
 */
export const OutboundAllowedAddressesSchema = z
  .string()
  .regex(/^[0-9a-fA-F:.,/\s]*$/, 'OUTBOUND_ALLOWED_ADDRESSES must be IP addresses or CIDR ranges separated by commas')
  .optional();

/** Exceptions to the blocked ranges, from OUTBOUND_ALLOWED_ADDRESSES ('127.0.0.2,10.1.0.0/16'). */
export function allowedAddresses(list: string | undefined): net.BlockList | null {
  const entries = (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const allowed = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!net.isIP(address))
      throw new Error(`OUTBOUND_ALLOWED_ADDRESSES: '${entry}' is not an IP address or CIDR range`);
    if (prefix === undefined) allowed.addAddress(address, family);
    else allowed.addSubnet(address, Number(prefix), family);
  }
  return allowed;
}

export function isPublicAddress(address: string, allowed: net.BlockList | null = null): boolean {
  const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (allowed?.check(address, family)) return true;
  return !BLOCKED.check(address, family);
}

export interface GuardedGetOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Redirects followed, each target checked again. Default 3. */
  maxRedirects?: number;
  allowed?: net.BlockList | null;
  accept?: string;
  /** A conditional request: the validators of the copy already held, so an unchanged resource answers 304. */
  ifNoneMatch?: string | null;
  ifModifiedSince?: string | null;
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
  if (net.isIP(host) && !isPublicAddress(host, options.allowed))
    throw new OutboundRefused(`${host} is not a public address`);
  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const usable = addresses.find((entry) => isPublicAddress(entry.address, options.allowed));
      if (!usable)
        return callback(new OutboundRefused(`${hostname} resolves only to addresses that are not public`), '', 4);
      if (lookupOptions.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, [usable]);
      callback(null, usable.address, usable.family);
    });
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
    const request = (url.protocol === 'https:' ? https : http).get(url, { lookup, signal, headers }, (response) => {
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
