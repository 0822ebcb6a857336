import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { installBaselineHeaders } from './baseline-headers';
import { plainSecurityHeaders } from './security-headers';

describe('installBaselineHeaders', () => {
  let server: http.Server;
  let port = 0;

  beforeAll(async () => {
    installBaselineHeaders(plainSecurityHeaders({ hstsMaxAgeSeconds: 600, https: true }));
    // Stands in for Next: a static file it answers alone, and a page whose policy the proxy set.
    server = http.createServer((request, response) => {
      if (request.url === '/page') response.setHeader('content-security-policy', "script-src 'nonce-abc'");
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const headersOf = (path: string) =>
    new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path }, (response) => {
          response.resume();
          resolve(response.headers);
        })
        .on('error', reject);
    });

  it('gives an answer nothing else secured the headers of one that runs no script', async () => {
    const headers = await headersOf('/missing.png');
    expect(headers['content-security-policy']).toContain("default-src 'none'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['strict-transport-security']).toBe('max-age=600; includeSubDomains');
  });

  it('lets a later header replace its own, so a page keeps the policy with its nonce', async () => {
    expect((await headersOf('/page'))['content-security-policy']).toBe("script-src 'nonce-abc'");
  });
});
