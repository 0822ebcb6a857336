import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import {
  allowedAddresses,
  guardedFetch,
  isPublicAddress,
  OutboundAllowedAddressesSchema,
  OutboundRefused,
  type GuardedGetOptions,
} from './guarded-get';

/** An entry as a refusal names it: quoted and escaped, the first 64 characters (then …). */
const named = (entry: string) => JSON.stringify(entry.slice(0, 64)).slice(0, -1);

describe('OUTBOUND_ALLOWED_ADDRESSES', () => {
  it('reads nothing as no allowance', () => {
    expect(allowedAddresses(undefined)).toBeNull();
    expect(allowedAddresses('')).toBeNull();
    expect(allowedAddresses(' , ,')).toBeNull();
  });

  it('lets a plain IP or a CIDR range through on any port, and an IP:port or [IPv6]:port on that port alone', () => {
    const allowance = allowedAddresses(' 127.0.0.2 , 10.1.0.0/16,127.0.0.1:3090,[::1]:3091, fd00::/8,::1:2');
    expect(allowance).not.toBeNull();
    const allows = (address: string, port: number) => allowance!.allows(address, port);
    // A plain address: any port.
    for (const port of [1, 80, 443, 3090, 65535]) expect(allows('127.0.0.2', port)).toBe(true);
    expect(allows('127.0.0.3', 80)).toBe(false);
    // A range: any port of any address in it.
    expect(allows('10.1.200.3', 5432)).toBe(true);
    expect(allows('10.2.0.1', 80)).toBe(false);
    expect(allows('fd12::1', 443)).toBe(true);
    // An address with a port: that port only, whichever way the address is written.
    expect(allows('127.0.0.1', 3090)).toBe(true);
    expect(allows('::ffff:127.0.0.1', 3090)).toBe(true);
    for (const port of [80, 443, 3001, 3089, 3091, 9464]) expect(allows('127.0.0.1', port)).toBe(false);
    expect(allows('::1', 3091)).toBe(true);
    expect(allows('::1', 3090)).toBe(false);
    // An IPv6 address is never read as an address and a port without brackets: ::1:2 is an address.
    expect(allows('::1:2', 80)).toBe(true);
  });

  it.each([
    ['example.com', 'is not an IP address, CIDR range, IP:port or [IPv6]:port'],
    ['127.0.0.1:', 'is not an IP address, CIDR range, IP:port or [IPv6]:port'],
    ['127.0.0.1:80:80', 'is not an IP address, CIDR range, IP:port or [IPv6]:port'],
    ['[::1]', 'is not an IP address, CIDR range, IP:port or [IPv6]:port'],
    ['[::1]:', 'is not an IP address, CIDR range, IP:port or [IPv6]:port'],
    ['[127.0.0.1]:80', 'is not an IP address, CIDR range, IP:port or [IPv6]:port'],
    ['fe80::1%eth0', 'is not an IP address, CIDR range, IP:port or [IPv6]:port'],
    ['10.0.0.0/8:80', 'is not an IP address, CIDR range, IP:port or [IPv6]:port'],
    ['127.0.0.1:0', 'the port must be 1 to 65535'],
    ['127.0.0.1:65536', 'the port must be 1 to 65535'],
    ['127.0.0.1:0x50', 'the port must be 1 to 65535'],
    ['127.0.0.1:+80', 'the port must be 1 to 65535'],
    ['[::1]:99999', 'the port must be 1 to 65535'],
    ['10.0.0.0/33', 'the prefix must be 0 to 32'],
    ['10.0.0.0/', 'the prefix must be 0 to 32'],
    ['10.0.0.0/8x', 'the prefix must be 0 to 32'],
    ['fd00::/129', 'the prefix must be 0 to 128'],
  ])('refuses %s, naming it', (entry, why) => {
    const list = `127.0.0.2,${entry},10.0.0.1`;
    expect(() => allowedAddresses(list)).toThrow(`OUTBOUND_ALLOWED_ADDRESSES: ${JSON.stringify(entry)}: ${why}`);
    const parsed = OutboundAllowedAddressesSchema.safeParse(list);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([`${JSON.stringify(entry)}: ${why}`]);
  });

  it('names a long entry by its beginning, and refuses a list longer than 4096 characters', () => {
    const entry = `${'9'.repeat(100)}.1.1.1`;
    expect(() => allowedAddresses(entry)).toThrow(
      `OUTBOUND_ALLOWED_ADDRESSES: ${JSON.stringify('9'.repeat(64) + '…')}:`,
    );
    expect(OutboundAllowedAddressesSchema.safeParse(Array(600).fill('10.0.0.1').join(',')).success).toBe(false);
  });

  it('accepts in the environment schema what it reads', () => {
    for (const list of [undefined, '127.0.0.2', '127.0.0.1:3090', '[::1]:3090,10.1.0.0/16'])
      expect(OutboundAllowedAddressesSchema.safeParse(list)).toEqual({ success: true, data: list });
  });

  it('parses any string or refuses it with an Error naming one of its entries, never otherwise', () => {
    const ipish = fc
      .array(fc.constantFrom(...'0123456789abcdefABCDEF:.,/[]% x'.split('')), { maxLength: 40 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 80 }), ipish),
        (list) => {
          let error: unknown;
          try {
            allowedAddresses(list);
            return;
          } catch (caught) {
            error = caught;
          }
          expect(error).toBeInstanceOf(Error);
          const message = (error as Error).message;
          expect(message.startsWith('OUTBOUND_ALLOWED_ADDRESSES: ')).toBe(true);
          const entries = list
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean);
          expect(entries.some((entry) => message.includes(named(entry)))).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads every well-formed entry, letting through exactly what it names', () => {
    const port = fc.integer({ min: 1, max: 65535 });
    fc.assert(
      fc.property(fc.ipV4(), fc.ipV6(), port, port, (v4, v6, one, other) => {
        const allowance = allowedAddresses(`${v4}:${one},[${v6}]:${one}`)!;
        expect(allowance.allows(v4, one)).toBe(true);
        expect(allowance.allows(v6, one)).toBe(true);
        if (other !== one) {
          expect(allowance.allows(v4, other)).toBe(false);
          expect(allowance.allows(v6, other)).toBe(false);
        }
        const anyPort = allowedAddresses(`${v4}, ${v6}, ${v4}/24, ${v6}/64`)!;
        expect(anyPort.allows(v4, other)).toBe(true);
        expect(anyPort.allows(v6, other)).toBe(true);
      }),
    );
  });
});

describe('isPublicAddress', () => {
  it('refuses loopback, private and metadata addresses, and passes public ones', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00::1'])
      expect(isPublicAddress(address)).toBe(false);
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true);
  });

  it('passes public IPv4 addresses: the IPv4-mapped range refuses ::ffff:a.b.c.d, never a.b.c.d itself', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '11.0.0.1', '100.63.255.255', '172.32.0.1', '223.255.255.254'])
      expect(isPublicAddress(address)).toBe(true);
    for (const address of ['100.64.0.0', '172.31.255.255', '224.0.0.1', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address)).toBe(false);
  });
});

/** A loopback HTTP server answering by route, counting what it was asked. */
async function loopbackServer(routes: Record<string, (response: ServerResponse) => void>) {
  const asked: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    asked.push(request.url ?? '');
    const route = routes[request.url ?? ''];
    if (route) route(response);
    else response.writeHead(200, { 'content-type': 'text/plain' }).end('secret');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('guardedFetch with an allowance for one loopback port (the demo photo host)', () => {
  // The demo photo host, allowed on its own port; beside it another loopback service (the ops
  // API, the worker's /metrics) that must never be reached.
  let photos: Awaited<ReturnType<typeof loopbackServer>>;
  let other: Awaited<ReturnType<typeof loopbackServer>>;
  const options = (allowed: string | undefined): GuardedGetOptions => ({
    timeoutMs: 3000,
    maxBytes: 1024,
    allowed: allowedAddresses(allowed),
  });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  beforeAll(async () => {
    other = await loopbackServer({});
    photos = await loopbackServer({
      '/photo.jpg': (response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end('jpeg'),
      '/moved.jpg': (response) => response.writeHead(302, { location: `http://127.0.0.1:${other.port}/metrics` }).end(),
      '/moved-by-name.jpg': (response) =>
        response.writeHead(302, { location: `http://localhost:${other.port}/metrics` }).end(),
    });
  });

  afterAll(async () => {
    await photos?.close();
    await other?.close();
  });

  afterEach(() => {
    photos.asked.length = 0;
    other.asked.length = 0;
  });

  it('fetches from the allowed port, by address and by a name that resolves to it', async () => {
    const allowed = options(`127.0.0.1:${photos.port}`);
    for (const host of ['127.0.0.1', 'localhost']) {
      const outcome = await guardedFetch(`http://${host}:${photos.port}/photo.jpg`, allowed);
      expect(outcome).toMatchObject({ kind: 'ok', response: { status: 200 } });
      if (outcome.kind === 'ok') expect(outcome.response.body.toString()).toBe('jpeg');
    }
    expect(photos.asked).toEqual(['/photo.jpg', '/photo.jpg']);
  });

  it('refuses every other port of the same address before any request, saying which', async () => {
    const allowed = options(`127.0.0.1:${photos.port}`);
    const error = await refusal(guardedFetch(`http://127.0.0.1:${other.port}/metrics`, allowed));
    expect(error).toBeInstanceOf(OutboundRefused);
    expect((error as Error).message).toBe(`127.0.0.1 port ${other.port} is not a public address`);
    // The port of the scheme when none is written.
    const http = await refusal(guardedFetch('http://127.0.0.1/', allowed));
    expect((http as Error).message).toBe('127.0.0.1 port 80 is not a public address');
    const https = await refusal(guardedFetch('https://127.0.0.1/', allowed));
    expect((https as Error).message).toBe('127.0.0.1 port 443 is not a public address');
    expect(other.asked).toEqual([]);
  });

  it('refuses a name that resolves to the address when the port is another, at connect time', async () => {
    const error = await refusal(
      guardedFetch(`http://localhost:${other.port}/metrics`, options(`127.0.0.1:${photos.port}`)),
    );
    expect(error).toBeInstanceOf(OutboundRefused);
    expect((error as Error).message).toBe(
      `localhost resolves only to addresses that are not public on port ${other.port}`,
    );
    expect(other.asked).toEqual([]);
  });

  it('refuses a redirect from the allowed port to another loopback port', async () => {
    const allowed = options(`127.0.0.1:${photos.port}`);
    const error = await refusal(guardedFetch(`http://127.0.0.1:${photos.port}/moved.jpg`, allowed));
    expect(error).toBeInstanceOf(OutboundRefused);
    expect((error as Error).message).toBe(`127.0.0.1 port ${other.port} is not a public address`);
    const byName = await refusal(guardedFetch(`http://127.0.0.1:${photos.port}/moved-by-name.jpg`, allowed));
    expect(byName).toBeInstanceOf(OutboundRefused);
    expect(photos.asked).toEqual(['/moved.jpg', '/moved-by-name.jpg']);
    expect(other.asked).toEqual([]);
  });

  it('lets any port through for a plain address or a range, and none without an allowance', async () => {
    for (const allowed of ['127.0.0.1', '127.0.0.0/8', `127.0.0.1:${photos.port},127.0.0.1`])
      expect(await guardedFetch(`http://127.0.0.1:${photos.port}/moved.jpg`, options(allowed))).toMatchObject({
        kind: 'ok',
      });
    expect(other.asked).toEqual(['/metrics', '/metrics', '/metrics']);
    const error = await refusal(guardedFetch(`http://127.0.0.1:${photos.port}/photo.jpg`, options(undefined)));
    expect((error as Error).message).toBe(`127.0.0.1 port ${photos.port} is not a public address`);
  });

  it('connects where its own resolver says, checking those answers as the system’s are', async () => {
    const resolve = async (hostname: string) =>
      hostname === 'www.photos.com.au' ? [{ address: '127.0.0.1', family: 4 }] : Promise.reject(new Error('ENOTFOUND'));
    const allowed = { ...options(`127.0.0.1:${photos.port}`), resolve };
    expect(await guardedFetch(`http://www.photos.com.au:${photos.port}/photo.jpg`, allowed)).toMatchObject({
      kind: 'ok',
      response: { status: 200 },
    });
    expect(await guardedFetch(`http://www.elsewhere.com.au:${photos.port}/photo.jpg`, allowed)).toEqual({
      kind: 'failed',
      reason: 'unreachable',
    });
    const refused = await refusal(guardedFetch(`http://www.photos.com.au:${other.port}/metrics`, allowed));
    expect((refused as Error).message).toBe(
      `www.photos.com.au resolves only to addresses that are not public on port ${other.port}`,
    );
    expect(photos.asked).toEqual(['/photo.jpg']);
    expect(other.asked).toEqual([]);
  });

  it('with reuseConnections false, connects anew, so a connection another fetch kept alive decides nothing', async () => {
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const url = `http://www.pooled.com.au:${photos.port}/photo.jpg`;
    // Node's global agent keeps this connection alive, checked with this fetch's allowance.
    expect(await guardedFetch(url, { ...options(`127.0.0.1:${photos.port}`), resolve })).toMatchObject({ kind: 'ok' });
    const refused = await refusal(guardedFetch(url, { ...options(undefined), resolve, reuseConnections: false }));
    expect((refused as Error).message).toBe(
      `www.pooled.com.au resolves only to addresses that are not public on port ${photos.port}`,
    );
    expect(photos.asked).toEqual(['/photo.jpg']);
  });

  it('lets the scheme’s own port through when that is the one allowed', async () => {
    // Nothing listens on 443 here: the guard lets it through, and the connection fails.
    expect(await guardedFetch('https://127.0.0.1/', options('127.0.0.1:443'))).toEqual({
      kind: 'failed',
      reason: 'unreachable',
    });
  });
});
