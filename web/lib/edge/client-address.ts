import http from 'node:http';
import net from 'node:net';

/** Proxies in front of the web tier whose X-Forwarded-For may be believed (WEB_TRUST_PROXY: IPs or CIDR ranges). */
export function trustedProxies(list: string | undefined): net.BlockList {
  const trusted = new net.BlockList();
  for (const entry of (list ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [address = '', prefix] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!net.isIP(address)) throw new Error(`WEB_TRUST_PROXY: '${entry}' is not an IP address or CIDR range`);
    if (prefix === undefined) trusted.addAddress(address, family);
    else trusted.addSubnet(address, Number(prefix), family);
  }
  return trusted;
}

const familyOf = (address: string): 'ipv4' | 'ipv6' => (net.isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * The X-Forwarded-For the web passes on: the connection's own address, never what the client
 * wrote, unless the connection comes from a trusted proxy, whose list is kept and the proxy's
 * address appended. The api trusts only its TRUST_PROXY hops, so a client choosing its own header
 * can no longer get a fresh rate-limit allowance on each request.
 */
export function forwardedFor(
  sent: string | string[] | undefined,
  socketAddress: string | undefined,
  trusted: net.BlockList,
): string | undefined {
  if (!socketAddress) return undefined;
  const prior = (Array.isArray(sent) ? sent.join(',') : (sent ?? '')).trim();
  if (prior && trusted.check(socketAddress, familyOf(socketAddress))) return `${prior}, ${socketAddress}`;
  return socketAddress;
}

/** The scheme, host and port a proxy says the client used: believed from a trusted proxy only. */
const FORWARDED_REQUEST = ['x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port'] as const;

/**
 * What a request's headers say about the client, made true before Next reads them: X-Forwarded-For
 * as forwardedFor makes it, and X-Forwarded-Proto, -Host and -Port dropped unless the connection
 * comes from a trusted proxy (Caddy in front sets them), so Next derives them from the connection.
 */
export function believeForwarded(
  headers: http.IncomingHttpHeaders,
  socketAddress: string | undefined,
  trusted: net.BlockList,
): void {
  const value = forwardedFor(headers['x-forwarded-for'], socketAddress, trusted);
  if (value) headers['x-forwarded-for'] = value;
  else delete headers['x-forwarded-for'];
  if (socketAddress && trusted.check(socketAddress, familyOf(socketAddress))) return;
  for (const name of FORWARDED_REQUEST) delete headers[name];
}

const INSTALLED = Symbol.for('dealer-platform.client-address');

/**
 * Rewrites X-Forwarded-For (and drops an untrusted X-Forwarded-Proto, -Host, -Port) on every
 * request the Node server receives, before Next sees it (Next keeps a header the client sent, and
 * its middleware cannot read the socket). Installed once per process from instrumentation.ts.
 */
export function installClientAddress(trustList: string | undefined): void {
  const state = globalThis as unknown as Record<symbol, boolean>;
  if (state[INSTALLED]) return;
  state[INSTALLED] = true;
  const trusted = trustedProxies(trustList);
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function patchedEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as http.IncomingMessage;
      believeForwarded(request.headers, request.socket?.remoteAddress, trusted);
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof http.Server.prototype.emit;
}
