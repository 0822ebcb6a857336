import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { believeForwarded, forwardedFor, installClientAddress, trustedProxies } from './client-address';

describe('forwardedFor', () => {
  const none = trustedProxies(undefined);

  it('is the connection address, whatever the client wrote', () => {
    expect(forwardedFor('1.2.3.4', '203.0.113.9', none)).toBe('203.0.113.9');
    expect(forwardedFor(['1.2.3.4', '5.6.7.8'], '203.0.113.9', none)).toBe('203.0.113.9');
    expect(forwardedFor(undefined, '203.0.113.9', none)).toBe('203.0.113.9');
  });

  it("keeps a trusted proxy's list and appends the proxy", () => {
    const trusted = trustedProxies('10.0.0.0/8, 192.0.2.1');
    expect(forwardedFor('198.51.100.7', '10.1.2.3', trusted)).toBe('198.51.100.7, 10.1.2.3');
    expect(forwardedFor('198.51.100.7', '192.0.2.1', trusted)).toBe('198.51.100.7, 192.0.2.1');
    expect(forwardedFor('198.51.100.7', '192.0.2.2', trusted)).toBe('192.0.2.2');
  });

  it('refuses a WEB_TRUST_PROXY entry that is not an address', () => {
    expect(() => trustedProxies('proxy.example')).toThrow(/WEB_TRUST_PROXY/);
  });
});

describe('believeForwarded', () => {
  const forged = () => ({
    'x-forwarded-for': '1.2.3.4',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-port': '443',
    host: 'www.dealer.com.au',
  });

  it('keeps the scheme, host and port a trusted proxy (Caddy on loopback) sets', () => {
    const headers = forged();
    believeForwarded(headers, '127.0.0.1', trustedProxies('127.0.0.1,::1'));
    expect(headers).toEqual({ ...forged(), 'x-forwarded-for': '1.2.3.4, 127.0.0.1' });
  });

  it('drops them from anyone else, so the scheme is the connection’s own', () => {
    const headers: Record<string, string> = forged();
    believeForwarded(headers, '203.0.113.9', trustedProxies('127.0.0.1'));
    expect(headers).toEqual({ 'x-forwarded-for': '203.0.113.9', host: 'www.dealer.com.au' });
  });
});

describe('installClientAddress on a real Node server', () => {
  it('replaces a forged X-Forwarded-For before the handler runs', async () => {
    installClientAddress(undefined);
    const seen: (string | undefined)[] = [];
    const server = http.createServer((request, response) => {
      seen.push(request.headers['x-forwarded-for'] as string | undefined);
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const forged of ['1.1.1.1', '2.2.2.2'])
        await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': forged } });
      expect(seen).toEqual(['127.0.0.1', '127.0.0.1']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
