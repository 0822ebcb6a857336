import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { SESSION_COOKIE } from '@platform/domain';
import { nonceOf, PageCache, reissue } from './page-cache';
import { pageCacheDecision } from './page-cache-policy';
import { installPageCache, PAGE_CACHE_HEADER } from './page-cache-server';
import { goodUntilOf } from './page-good-until';
import { PERSONAL_PAGE_MARK } from './personal-page';
import { SiteVersions } from './site-versions';

const NONCE = Buffer.from('3f1c2a4e-0000-4000-8000-123456789abc').toString('base64');
const policy = (nonce: string) => `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`;
const html = (nonce: string, extra = '') =>
  `<!DOCTYPE html><html><head>${extra}<script nonce="${nonce}">1</script></head><body>Toyota RAV4 $38,990</body></html>`;
const answer = (overrides: Partial<{ status: number; headers: [string, string][]; body: Buffer }> = {}) => ({
  status: 200,
  headers: [
    ['content-type', 'text/html; charset=utf-8'],
    ['content-security-policy', policy(NONCE)],
    ['x-content-type-options', 'nosniff'],
  ] as [string, string][],
  body: Buffer.from(html(NONCE)),
  ...overrides,
});

describe('pageCacheDecision', () => {
  const get = (url: string, headers: Record<string, string> = {}) => pageCacheDecision({ method: 'GET', url, headers });

  it('shares anonymous GETs for pages, renders signed-in pages alone and leaves everything else to Next', () => {
    expect(get('/')).toBe('cache');
    expect(get('/search/used?make=Toyota')).toBe('cache');
    expect(get('/cars/2021-toyota-rav4-abc123', { cookie: 'theme=dark; dp_consent=1' })).toBe('cache');
    expect(get('/', { cookie: `a=1; ${SESSION_COOKIE}=abc` })).toBe('bypass');
    expect(get('/', { cookie: `${SESSION_COOKIE}=` })).toBe('cache');
    expect(pageCacheDecision({ method: 'HEAD', url: '/', headers: {} })).toBe('none');
    expect(pageCacheDecision({ method: 'POST', url: '/', headers: {} })).toBe('none');
    for (const url of ['/api/sites/x/leads', '/media/cars/1.jpg', '/_next/static/a.js', '/robots.txt', '/sitemap.xml'])
      expect(get(url)).toBe('none');
    expect(get('/search?_rsc=1x2y')).toBe('none');
    expect(get('/search', { rsc: '1' })).toBe('none');
    expect(get('/search', { 'next-router-prefetch': '1' })).toBe('none');
    expect(get('/', { 'next-action': 'abc' })).toBe('none');
  });

  it('never shares a request that carries a session, whatever else it carries (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.stringMatching(/^[a-z_]{1,8}$/), fc.stringMatching(/^[A-Za-z0-9]{0,8}$/))),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
        fc.webPath(),
        (others, token, path) => {
          const cookies = [...others.map(([n, v]) => `${n}=${v}`), `${SESSION_COOKIE}=${token}`];
          const decision = pageCacheDecision({
            method: 'GET',
            url: path || '/',
            headers: { cookie: cookies.join('; ') },
          });
          expect(decision).not.toBe('cache');
        },
      ),
    );
  });
});

describe('PageCache', () => {
  let clock = 0;
  const cache = () => new PageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000, now: () => clock });

  it('keeps a complete HTML 200 with a nonce, for its version and no longer than its age', () => {
    const pages = cache();
    expect(pages.offer('k', 'v1', answer())).toBe(true);
    expect(pages.get('k', 'v1')?.nonce).toBe(NONCE);
    expect(pages.get('k', 'v2')).toBeNull();
    expect(pages.get('k', 'v1')).toBeNull(); // a version moved on: the old page is gone for good
    pages.offer('k', 'v1', answer());
    clock += 60_001;
    expect(pages.get('k', 'v1')).toBeNull();
  });

  it('refuses what may not be shared: errors, cookies, non-HTML, no nonce, personal pages', () => {
    const pages = cache();
    expect(pages.offer('a', 'v', answer({ status: 404 }))).toBe(false);
    expect(pages.offer('b', 'v', answer({ headers: [...answer().headers, ['set-cookie', 'dp_session=x']] }))).toBe(
      false,
    );
    expect(
      pages.offer('c', 'v', answer({ headers: [['content-type', 'application/json'], answer().headers[1]!] })),
    ).toBe(false);
    expect(pages.offer('d', 'v', answer({ headers: [['content-type', 'text/html']] }))).toBe(false);
    expect(pages.offer('e', 'v', answer({ body: Buffer.from(html(NONCE, `${PERSONAL_PAGE_MARK}/>`)) }))).toBe(false);
    expect(pages.size).toBe(0);
  });

  it('drops a page at the instant it says it goes stale by the clock (a campaign ending), whatever its version', () => {
    const pages = cache();
    clock = Date.parse('2025-09-30T13:59:00Z');
    const end = Date.parse('2025-09-30T14:00:00Z'); // the end of 30 September in Sydney
    const campaign = `<section data-testid="campaign">Spring Drive Days<span hidden="" data-page-cache-until="${end}"></span></section>`;
    expect(pages.offer('home', 'v', answer({ body: Buffer.from(html(NONCE, campaign)) }))).toBe(true);
    clock = end - 1;
    expect(pages.get('home', 'v')).not.toBeNull();
    clock = end;
    expect(pages.get('home', 'v')).toBeNull();
    // Rendered late (the clock already past the mark), it is never kept.
    expect(pages.offer('home', 'v', answer({ body: Buffer.from(html(NONCE, campaign)) }))).toBe(false);
  });

  it('reads the earliest of a page’s marks and ignores anything that is not one', () => {
    expect(goodUntilOf('<p>no marks</p>')).toBeNull();
    expect(goodUntilOf('<i data-page-cache-until="200"></i><i data-page-cache-until="100"></i>')).toBe(100);
    expect(goodUntilOf('<i data-page-cache-until="soon"></i>')).toBeNull();
    expect(goodUntilOf(Buffer.from('{"data-page-cache-until":5}'))).toBeNull();
  });

  it('reissues a page with a fresh nonce in every place the old one was, and its age', () => {
    const pages = cache();
    pages.offer('k', 'v', answer());
    clock += 5_000;
    const fresh = reissue(pages.get('k', 'v')!, 'bmV3LW5vbmNlLW5ldy1ub25jZQ==', clock);
    expect(fresh.body.toString()).toBe(html('bmV3LW5vbmNlLW5ldy1ub25jZQ=='));
    expect(nonceOf(fresh.headers.find(([n]) => n === 'content-security-policy')?.[1])).toBe(
      'bmV3LW5vbmNlLW5ldy1ub25jZQ==',
    );
    expect(fresh.headers).toContainEqual(['age', '5']);
  });

  it('holds no more bytes than it is given, dropping the least recently used', () => {
    const pages = new PageCache({ maxBytes: answer().body.length * 2, maxAgeMs: 60_000 });
    pages.offer('a', 'v', answer());
    pages.offer('b', 'v', answer());
    pages.get('a', 'v');
    pages.offer('c', 'v', answer());
    expect(pages.get('a', 'v')).not.toBeNull();
    expect(pages.get('b', 'v')).toBeNull();
  });
});

describe('SiteVersions', () => {
  it('asks once per interval however many requests come, and answers null when the check fails', async () => {
    let now = 0;
    let calls = 0;
    let failing = false;
    const versions = new SiteVersions(
      async () => {
        calls += 1;
        if (failing) throw new Error('api down');
        return { primaryHost: 'a.example', version: `v${calls}` };
      },
      1_000,
      10,
      () => now,
    );
    const answers = await Promise.all(Array.from({ length: 20 }, () => versions.current('a.example')));
    expect(new Set(answers.map((answer) => answer?.version))).toEqual(new Set(['v1']));
    now = 999;
    expect((await versions.current('a.example'))?.version).toBe('v1');
    now = 1_000;
    expect((await versions.current('a.example'))?.version).toBe('v2');
    failing = true;
    now = 3_000;
    expect(await versions.current('a.example')).toBeNull();
    expect(calls).toBe(3);
  });
});

describe('the page cache in front of a server (real HTTP, gzip as Next sends it)', () => {
  let server: http.Server;
  let base: string;
  let version = 'v1';
  let renders = 0;
  let personal = false;
  let pages: PageCache | null;
  /** A page is kept once its answer has finished and been decoded, just after the client has it. */
  const kept = async (count: number) => {
    for (let i = 0; i < 200 && (pages?.size ?? 0) < count; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  beforeAll(async () => {
    pages = installPageCache(
      { PAGE_CACHE_MAX_MB: 8, PAGE_CACHE_MAX_AGE_SECONDS: 60, PAGE_CACHE_VERSION_CHECK_MS: 0 },
      // dealer.example is the site's primary host; www.dealer.example is another host of the same site.
      async (hostname) =>
        hostname === 'dealer.example' || hostname === 'www.dealer.example'
          ? { primaryHost: 'dealer.example', version }
          : null,
    );
    // Stands in for Next: a fresh nonce per render, gzip, streamed in two writes.
    server = http.createServer((request, response) => {
      renders += 1;
      const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.setHeader('content-security-policy', policy(nonce));
      response.setHeader('content-encoding', 'gzip');
      const body = zlib.gzipSync(
        html(nonce, `${personal ? `${PERSONAL_PAGE_MARK}/>` : ''}<title>${request.url}</title>`),
      );
      response.write(body.subarray(0, 10));
      response.end(body.subarray(10));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // fetch cannot set Host; a site's host is sent through node's own client.
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{
      cache: string | null;
      nonce: string | null;
      body: string;
      encoding: string | null;
      vary: string | null;
    }>((resolve, reject) => {
      const request = http.get(
        `${base}${path}`,
        { headers: { host: 'dealer.example', 'accept-encoding': 'gzip, br', ...headers } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const raw = Buffer.concat(chunks);
            const encoding = response.headers['content-encoding'] ?? null;
            const body =
              encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
            resolve({
              cache: (response.headers[PAGE_CACHE_HEADER] as string | undefined) ?? null,
              nonce: nonceOf(response.headers['content-security-policy'] as string | undefined),
              body: body.toString(),
              encoding,
              vary: (response.headers['vary'] as string | undefined) ?? null,
            });
          });
        },
      );
      request.on('error', reject);
    });

  it('renders once, then answers the same page from the cache with its own nonce until the version moves', async () => {
    const before = renders;
    const first = await get('/cars/rav4');
    await kept(1);
    const second = await get('/cars/rav4');
    const third = await get('/cars/rav4', { 'accept-encoding': 'identity' });
    expect([first.cache, second.cache, third.cache]).toEqual(['MISS', 'HIT', 'HIT']);
    expect(renders - before).toBe(1);
    expect(second.encoding).toBe('br');
    expect(third.encoding).toBeNull();
    expect(new Set([first.nonce, second.nonce, third.nonce]).size).toBe(3);
    expect(second.body).toBe(first.body.replaceAll(first.nonce!, second.nonce!));

    version = 'v2';
    expect((await get('/cars/rav4')).cache).toBe('MISS');
    await kept(1);
    expect((await get('/cars/rav4')).cache).toBe('HIT');
  });

  it('renders for a signed-in shopper alone and keeps nothing personal', async () => {
    const before = renders;
    expect((await get('/watchlist', { cookie: `${SESSION_COOKIE}=token` })).cache).toBe('BYPASS');
    expect((await get('/watchlist', { cookie: `${SESSION_COOKIE}=token` })).cache).toBe('BYPASS');
    personal = true;
    expect((await get('/reservations/1')).cache).toBe('MISS');
    expect((await get('/reservations/1')).cache).toBe('MISS');
    personal = false;
    expect(renders - before).toBe(4);
  });

  it('answers with no coding the client refused (q=0) and says the answer varies by Accept-Encoding', async () => {
    const size = pages?.size ?? 0;
    await get('/cars/ranger');
    await kept(size + 1);
    const refusedBr = await get('/cars/ranger', { 'accept-encoding': 'br;q=0, gzip' });
    const refusedBoth = await get('/cars/ranger', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    const upperCase = await get('/cars/ranger', { 'accept-encoding': 'GZIP;Q=1, BR;Q=0.5' });
    expect([refusedBr.cache, refusedBoth.cache, upperCase.cache]).toEqual(['HIT', 'HIT', 'HIT']);
    expect([refusedBr.encoding, refusedBoth.encoding, upperCase.encoding]).toEqual(['gzip', null, 'gzip']);
    for (const answer of [refusedBr, refusedBoth, upperCase]) expect(answer.vary).toMatch(/\baccept-encoding\b/i);
  });

  it("keeps one page per site whatever spelling or host of the site asked, so no spelling picks the site's entry", async () => {
    const before = renders;
    const path = `/cars/hilux?spelling=${Date.now()}`;
    const size = pages?.size ?? 0;
    expect((await get(path, { host: 'WWW.Dealer.Example.:6666' })).cache).toBe('MISS');
    await kept(size + 1);
    expect((await get(path, { host: 'dealer.example' })).cache).toBe('HIT');
    expect((await get(path, { host: 'www.dealer.example' })).cache).toBe('HIT');
    expect(renders - before).toBe(1);
  });

  it('renders without the cache for a host no site has', async () => {
    expect((await get('/', { host: 'unknown.example' })).cache).toBe('BYPASS');
  });
});
