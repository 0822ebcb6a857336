import http from 'node:http';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { lastTextedCode, query } from './database';
import { issueFeedKey, pushDelta } from './feed-push';
import { siteUrl, WEB_PORT } from './e2e-env';

const SITE = 'harbour-motor-group';
const CACHE_HEADER = 'x-page-cache';

interface StockedCar {
  id: number;
  slug: string;
  stocknum: string;
  price: number;
  dealership_id: number;
  dealership_slug: string;
  row: Record<string, unknown>;
}

/** A priced car of the site in stock, with the fields a dealer's delta feed would send for it. */
async function aPricedCar(): Promise<StockedCar> {
  const [car] = await query<StockedCar>(
    `SELECT c.id, c.slug, c.stocknum, c.price, c.dealership_id, d.slug AS dealership_slug,
            c.data || jsonb_build_object('stocknum', c.stocknum, 'make', c.make, 'model', c.model, 'year', c.year,
              'car_type', c.car_type, 'price', c.price) AS row
     FROM cars c JOIN dealerships d ON d.id = c.dealership_id JOIN sites s ON s.id = d.site_id
     WHERE s.slug = $1 AND c.status = 'in_stock' AND c.show_on_dealer_website AND c.withdrawn_at IS NULL
       AND c.price > 0 AND NOT c.reserved
     ORDER BY md5(c.slug) LIMIT 1`,
    [SITE],
  );
  if (!car) throw new Error(`${SITE} has no priced car in stock`);
  return car;
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET with the Host header exactly as given (a browser would normalise it), body decoded. */
function rawGet(host: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: WEB_PORT, path, headers: { host, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const body =
          encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: body.toString('utf8') });
      });
    });
    request.on('error', reject);
  });
}

/** The href of <link rel="canonical"> and the content of og:url in a page's HTML. */
function absoluteUrlsOf(html: string): { canonical?: string; ogUrl?: string } {
  return {
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    ogUrl: /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1],
  };
}

const dollars = (amount: number) => `$${amount.toLocaleString('en-AU')}`;

async function cacheOf(page: Page, path: string): Promise<string | undefined> {
  const response = await page.goto(siteUrl(SITE, path));
  expect(response?.status()).toBe(200);
  return response?.headers()[CACHE_HEADER];
}

test.describe('pages from cache (issue 23)', () => {
  test('a second anonymous request for a page is answered from the cache, with a fresh CSP nonce', async ({ page }) => {
    const car = await aPricedCar();
    const path = `/cars/${car.slug}?from=page-cache-${Date.now()}`;
    const first = await page.goto(siteUrl(SITE, path));
    expect(first?.headers()[CACHE_HEADER]).toBe('MISS');
    // The page is kept just after it has been sent.
    await expect.poll(() => cacheOf(page, path)).toBe('HIT');
    const again = await page.goto(siteUrl(SITE, path));
    expect(again?.headers()[CACHE_HEADER]).toBe('HIT');
    const nonce = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
    expect(nonce(again?.headers()['content-security-policy'])).toBeTruthy();
    expect(nonce(again?.headers()['content-security-policy'])).not.toBe(
      nonce(first?.headers()['content-security-policy']),
    );
    // The reissued page still runs: its scripts carry the new nonce (the gallery is interactive).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const scriptNonces = await page.locator('script[nonce]').count();
    expect(scriptNonces).toBeGreaterThan(0);
  });

  test('a Host spelled another way never puts its origin in the page the next visitor is given', async ({ page }) => {
    const car = await aPricedCar();
    const origin = `http://${SITE}.localhost:${WEB_PORT}`;
    const spellings = [
      `${SITE}.localhost:6666`,
      `${SITE.toUpperCase()}.LOCALHOST:${WEB_PORT}`,
      `${SITE}.localhost.:${WEB_PORT}`,
      `${SITE}.localhost.`,
    ];
    for (const [index, host] of spellings.entries()) {
      // Each spelling is the first to ask for its page, so it is the one whose render is kept.
      const path = `/cars/${car.slug}?from=host-spelling-${index}-${Date.now()}`;
      const odd = await rawGet(host, path);
      expect(odd.status).toBe(200);
      expect(odd.headers[CACHE_HEADER]).toBe('MISS');
      expect(absoluteUrlsOf(odd.body)).toEqual({
        canonical: `${origin}/cars/${car.slug}`,
        ogUrl: `${origin}/cars/${car.slug}`,
      });
      await expect.poll(() => cacheOf(page, path)).toBe('HIT');
      const html = await page.content();
      expect(absoluteUrlsOf(html)).toEqual({
        canonical: `${origin}/cars/${car.slug}`,
        ogUrl: `${origin}/cars/${car.slug}`,
      });
      expect(html).not.toMatch(/:6666|LOCALHOST|localhost\.[:/"]/);
    }

    // The search pages' relative canonical resolves on the site's origin too, not on localhost.
    const searchPath = `/search?from=host-spelling-${Date.now()}`;
    const odd = await rawGet(`${SITE}.localhost:6666`, searchPath);
    expect(absoluteUrlsOf(odd.body).canonical).toMatch(new RegExp(`^${origin}/search`));
    await expect.poll(() => cacheOf(page, searchPath)).toBe('HIT');
    expect(absoluteUrlsOf(await page.content()).canonical).toMatch(new RegExp(`^${origin}/search`));
  });

  test('a cached page is sent in no coding the client refused, and says it varies by Accept-Encoding', async ({
    page,
  }) => {
    const path = `/?from=accept-encoding-${Date.now()}`;
    await page.goto(siteUrl(SITE, path));
    await expect.poll(() => cacheOf(page, path)).toBe('HIT');
    const host = `${SITE}.localhost:${WEB_PORT}`;
    const cases: [string, string | undefined][] = [
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['GZIP, BR;Q=0.5', 'gzip'],
      ['gzip, br', 'br'],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const answer = await rawGet(host, path, { 'accept-encoding': acceptEncoding });
      expect(answer.headers[CACHE_HEADER]).toBe('HIT');
      expect(answer.headers['content-encoding']).toBe(expected);
      expect(answer.headers['vary']).toMatch(/\baccept-encoding\b/i);
      expect(answer.body).toContain('</html>');
    }
  });

  test("a delta feed's new price shows on the vehicle and search pages once the run has applied", async ({ page }) => {
    test.setTimeout(90_000);
    const car = await aPricedCar();
    const key = await issueFeedKey(car.dealership_id);
    const vehiclePath = `/cars/${car.slug}`;
    const searchPath = `/search?query=${encodeURIComponent(car.stocknum.toLowerCase())}`;
    // Both pages are in the cache before the price changes.
    for (const path of [vehiclePath, searchPath]) {
      await page.goto(siteUrl(SITE, path));
      await expect.poll(() => cacheOf(page, path)).toBe('HIT');
      await expect(page.locator('main')).toContainText(dollars(car.price));
    }

    const newPrice = car.price + 1_111;
    try {
      const pushedAt = Date.now();
      expect(await pushDelta(key, car.dealership_slug, { ...car.row, price: newPrice })).toBe('succeeded');
      const appliedAt = Date.now();
      for (const path of [vehiclePath, searchPath]) {
        await expect
          .poll(
            async () => {
              await page.goto(siteUrl(SITE, path));
              return page.locator('main').innerText();
            },
            { timeout: 5_000, intervals: [250] },
          )
          .toContain(dollars(newPrice));
      }
      test.info().annotations.push({
        type: 'freshness',
        description: `new price on both pages ${Date.now() - appliedAt} ms after the run ended, ${Date.now() - pushedAt} ms after the push`,
      });
    } finally {
      await pushDelta(key, car.dealership_slug, car.row);
    }
  });

  test("a signed-in shopper's page is rendered for them alone and never shown to another shopper", async ({
    browser,
  }) => {
    const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    const typed = `04${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
    const signedIn = await browser.newContext();
    const shopper = await signedIn.newPage();
    await shopper.goto(siteUrl(SITE, '/sign-in'));
    await shopper.getByLabel('Mobile number').fill(typed);
    await shopper.getByRole('button', { name: 'Send code' }).click();
    await expect(shopper.getByLabel('Code')).toBeFocused();
    await shopper.getByLabel('Code').fill(await lastTextedCode(`+614${digits}`));
    await shopper.getByRole('button', { name: 'Sign in' }).click();
    await expect(shopper).not.toHaveURL(/sign-in/);

    // The online payment form fills in the signed-in shopper's number.
    const path = `/online-payment?from=page-cache-${Date.now()}`;
    const theirs = await shopper.goto(siteUrl(SITE, path));
    expect(theirs?.headers()[CACHE_HEADER]).toBe('BYPASS');
    const forms = [typed, typed.replace(/ /g, ''), `+614${digits}`];
    const showsNumber = (html: string) => forms.some((form) => html.includes(form));
    expect(showsNumber(await shopper.content())).toBe(true);
    const home = await shopper.goto(siteUrl(SITE, '/'));
    expect(home?.headers()[CACHE_HEADER]).toBe('BYPASS');

    const anonymous = await browser.newContext();
    const other = await anonymous.newPage();
    for (const visited of [path, '/']) {
      await other.goto(siteUrl(SITE, visited));
      expect(showsNumber(await other.content())).toBe(false);
    }
    await signedIn.close();
    await anonymous.close();
  });
});
