import http from 'node:http';
import { expect, test } from '@playwright/test';
import { DEMO_SITE_SLUGS } from './demo-sites';
import { siteUrl, WEB_PORT } from './e2e-env';

/**
 * A lead post through a site host, from a loopback address of its own (127.0.0.18), so this test
 * shares no per-client allowance with the other specs, which all connect from 127.0.0.1.
 */
function postLead(forgedFor: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ form: 'general' });
    const request = http.request(
      {
        host: '127.0.0.1',
        port: WEB_PORT,
        localAddress: '127.0.0.18',
        method: 'POST',
        path: `/api/sites/${DEMO_SITE_SLUGS[0]}/leads`,
        headers: {
          host: `${DEMO_SITE_SLUGS[0]}.localhost:${WEB_PORT}`,
          'content-type': 'application/json',
          'x-forwarded-for': forgedFor,
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

test('a client choosing its own X-Forwarded-For through a site host still reaches 429', async () => {
  // LEAD_SUBMIT_LIMIT_PER_MINUTE is 10: 21 posts put at least 11 in one fixed window. Each claims
  // to come from another address; before the web set the header itself, every one was a new client.
  const statuses: number[] = [];
  for (let i = 0; i < 21; i += 1) statuses.push(await postLead(`198.51.100.${i + 1}`));
  expect(statuses).toContain(429);
  expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
});

/** A GET with the Host header exactly as given; the status, headers and body as sent. */
function rawGet(
  host: string,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: WEB_PORT, path, headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
  });
}

test.describe('every answer carries the security headers (issue 34)', () => {
  const SITE = DEMO_SITE_SLUGS[0];
  const site = `${SITE}.localhost:${WEB_PORT}`;
  const unique = Date.now();

  function expectSecured(what: string, headers: http.IncomingHttpHeaders): void {
    const csp = String(headers['content-security-policy'] ?? '');
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], what).toContain('camera=()');
    expect(headers['strict-transport-security'], what).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(headers['x-frame-options'], what).toBe('DENY');
    expect(csp, what).toContain("frame-ancestors 'none'");
    if (/^text\/html/.test(String(headers['content-type']))) {
      // One policy: a rendered page's nonce policy, or one that runs no script; never both at once.
      expect(csp, what).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'|^default-src 'none'/);
      expect(csp.includes('nonce-') && csp.includes("default-src 'none'"), what).toBe(false);
    }
  }

  const cases: [string, string, string, number][] = [
    ['an unknown host', `no-such-dealer.localhost:${WEB_PORT}`, '/', 404],
    ['a malformed Host', 'bad_host.localhost', '/', 404],
    ['the development index', `localhost:${WEB_PORT}`, '/', 200],
    ['another path on the development index host', `127.0.0.1:${WEB_PORT}`, '/no-such-page', 404],
    ['a page', site, `/?from=edge-security-${unique}`, 200],
    ["a site's not-found page", site, `/no-such-page-${unique}`, 404],
    ['an error page for a path the proxy never sees', site, `/no-such-file-${unique}.png`, 404],
    ['a redirect to sign-in', site, '/my-garage', 307],
    ['an API path the site does not serve', site, '/api/ops/queues', 404],
    ['robots.txt', site, '/robots.txt', 200],
  ];
  for (const [what, host, path, status] of cases) {
    test(what, async () => {
      const answer = await rawGet(host, path);
      expect(answer.status).toBe(status);
      expectSecured(what, answer.headers);
    });
  }

  test('a page from the cache, and the scripts it loads', async ({ page }) => {
    const path = `/?from=edge-security-cached-${unique}`;
    await page.goto(siteUrl(SITE, path));
    await expect.poll(async () => (await page.goto(siteUrl(SITE, path)))?.headers()['x-page-cache']).toBe('HIT');
    const cached = await rawGet(site, path);
    expect(cached.headers['x-page-cache']).toBe('HIT');
    expectSecured('a cached page', cached.headers);
    const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(cached.body)?.[1];
    expect(script).toBeTruthy();
    const asset = await rawGet(site, script!);
    expect(asset.status).toBe(200);
    expectSecured('a static script', asset.headers);
  });
});
