import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

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
}

export interface GuardedResponse {
  status: number;
  contentType: string | null;
  body: Buffer;
}

/**
 * GET of an address someone outside the platform chose (a dealer's photo URL): http(s) only; the
 * connection's own DNS answer is checked, so a name that resolves (or re-resolves) to a private
 * address is refused at connect time; every redirect target is checked the same way; the whole
 * exchange is bounded in time and bytes. Answers null for anything unusable; throws OutboundRefused
 * when the address itself is refused.
 */
export async function guardedGet(address: string, options: GuardedGetOptions): Promise<GuardedResponse | null> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let current = new URL(address);
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop += 1) {
    const answer = await getOnce(current, options, deadline);
    if (answer.kind === 'redirect') {
      current = new URL(answer.location, current);
      continue;
    }
    return answer.response;
  }
  return null;
}

type Once = { kind: 'redirect'; location: string } | { kind: 'done'; response: GuardedResponse | null };

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
  return new Promise<Once>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).get(
      url,
      { lookup, signal, headers: { accept: options.accept ?? '*/*', 'user-agent': 'dealer-platform' } },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          return resolve({ kind: 'redirect', location });
        }
        if (status < 200 || status >= 300 || Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
          response.resume();
          return resolve({ kind: 'done', response: null });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy();
            resolve({ kind: 'done', response: null });
          } else chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            kind: 'done',
            response: { status, contentType: response.headers['content-type'] ?? null, body: Buffer.concat(chunks) },
          }),
        );
        response.on('error', () => resolve({ kind: 'done', response: null }));
      },
    );
    request.on('error', (error) =>
      error instanceof OutboundRefused ? reject(error) : resolve({ kind: 'done', response: null }),
    );
  });
}
