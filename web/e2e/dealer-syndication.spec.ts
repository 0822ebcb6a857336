import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { GOOGLE_COLUMNS, META_COLUMNS } from '@platform/domain';
import { query } from './database';
import { API_ORIGIN, E2E_OPS_TOKEN, siteUrl } from './e2e-env';
import { pointCarAt, startPhotoHost, storePhoto, type PhotoHost } from './stored-photos';

/**
 * The Google and Meta listings report in the dealer console (issue 42): an owner sees both channels
 * of their dealership with what is in each file and why the rest is left out, downloads the file
 * (the channel's exact columns), and changes a feed's URL (the old one answers 404 at once); a
 * sales user sees the report and cannot change a URL. The demo's cars have only the platform's
 * drawings, which no channel takes, so a few are given stored photos first, as the media worker
 * would, and the feeds are written again by the real worker's sweep.
 */

const GROUP = 'harbour-motor-group';
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
] as const;
const PHOTOGRAPHED = 3;

interface Dealership {
  id: number;
  slug: string;
  name: string;
}

/** The group's smallest dealership (a shorter report) with a dozen cars in stock, and a few of its cars from the middle of the stock. */
async function dealershipAndCars(): Promise<{ dealership: Dealership; cars: { id: number; stocknum: string }[] }> {
  const [dealership] = await query<Dealership>(
    `SELECT d.id, d.slug, d.name FROM dealerships d JOIN sites s ON s.id = d.site_id
     CROSS JOIN LATERAL (SELECT count(*) AS n FROM cars c WHERE c.dealership_id = d.id AND c.status = 'in_stock') stock
     WHERE s.slug = $1 AND stock.n >= 12 ORDER BY stock.n, d.id LIMIT 1`,
    [GROUP],
  );
  if (!dealership) throw new Error(`${GROUP} has no dealership`);
  const cars = await query<{ id: number; stocknum: string }>(
    `SELECT c.id, c.stocknum FROM cars c
     WHERE c.dealership_id = $1 AND c.status = 'in_stock' AND c.show_on_dealer_website AND c.withdrawn_at IS NULL
       AND coalesce(c.data->>'vin', '') <> '' AND c.price > 0 AND c.colour IS NOT NULL
     ORDER BY c.id OFFSET 8 LIMIT ${PHOTOGRAPHED}`,
    [dealership.id],
  );
  if (cars.length < PHOTOGRAPHED) throw new Error(`${dealership.slug} has too few cars with a VIN`);
  return { dealership, cars };
}

async function opsSignInLink(
  request: APIRequestContext,
  dealership: string,
  user: { email: string; name: string; role: 'owner' | 'sales' | 'viewer' },
): Promise<string> {
  const auth = { Authorization: `Bearer ${E2E_OPS_TOKEN}` };
  const added = await request.post(`${API_ORIGIN}/api/ops/dealerships/${dealership}/users`, {
    headers: auth,
    data: user,
  });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = (await added.json()) as { id: string };
  const link = await request.post(`${API_ORIGIN}/api/ops/dealer-users/${id}/sign-in-link`, { headers: auth });
  expect(link.status()).toBe(201);
  return new URL(((await link.json()) as { url: string }).url).searchParams.get('token') ?? '';
}

async function signIn(page: Page, token: string): Promise<void> {
  await page.goto(siteUrl(GROUP, `/dealer/sign-in?token=${token}`));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(siteUrl(GROUP, '/dealer'));
}

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const body = await page.screenshot({ fullPage: true, path: testInfo.outputPath(`${name}-${size.width}.png`) });
    await testInfo.attach(`${name}-${size.width}x${size.height}`, { body, contentType: 'image/png' });
    // Nothing wider than the screen: a phone never scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${size.width}px scrolls sideways`).toBeLessThanOrEqual(0);
  }
}

/**
 * A request from the page itself, on the site's host (Chromium resolves *.localhost; the test
 * runner's own HTTP client does not), with the page's cookies.
 */
async function fetchInPage(
  page: Page,
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ([target, options]) => {
      const response = await fetch(target as string, { ...(options as RequestInit), cache: 'no-store' });
      return { status: response.status, text: await response.text() };
    },
    [path, init] as const,
  );
}

/** The feed's path (the URL on the page names the dealer's host; the test reaches it on the e2e web port). */
const pathOf = (url: string) => new URL(url).pathname;

test.describe('dealer console: Google & Meta listings', () => {
  test.describe.configure({ mode: 'serial' });
  let photos: PhotoHost;
  let dealership: Dealership;
  const restores: (() => Promise<void>)[] = [];
  let generations: Record<string, number> = {};

  test.beforeAll(async () => {
    test.setTimeout(200_000);
    const chosen = await dealershipAndCars();
    dealership = chosen.dealership;
    photos = await startPhotoHost(PHOTOGRAPHED);
    for (const [index, car] of chosen.cars.entries()) {
      const url = photos.urls[index] as string;
      await storePhoto(dealership.id, url);
      restores.push((await pointCarAt(car.id, [url])).restore);
    }
    const before = await query<{ channel: string; generation: number }>(
      `SELECT channel, generation FROM syndication_feeds WHERE dealership_id = $1`,
      [dealership.id],
    );
    generations = Object.fromEntries(before.map((row) => [row.channel, row.generation]));
    // The worker's sweep (every minute) writes both files again once the changed cars have been
    // quiet for 30 s: what happens on a fresh start when the media worker has stored the photos.
    await expect
      .poll(
        async () =>
          (
            await query<{ n: number }>(
              `SELECT count(*)::int AS n FROM syndication_feeds
               WHERE dealership_id = $1 AND generation > coalesce(($2::jsonb->>channel)::int, 0) AND included >= $3`,
              [dealership.id, JSON.stringify(generations), PHOTOGRAPHED],
            )
          )[0]?.n,
        { timeout: 150_000, intervals: [1_000] },
      )
      .toBe(2);
  });

  test.afterAll(async () => {
    for (const restore of restores) await restore();
    await photos?.close();
  });

  test('an owner sees both channels, downloads the file and changes its URL', async ({ page, request }, testInfo) => {
    // axe over two long tables of left-out cars takes a while on a busy machine.
    test.setTimeout(180_000);
    await signIn(
      page,
      await opsSignInLink(request, dealership.slug, {
        email: 'synd.owner@example.com',
        name: 'Olive Owner',
        role: 'owner',
      }),
    );
    await page.getByRole('link', { name: 'Google & Meta' }).click();
    await expect(page).toHaveURL(siteUrl(GROUP, '/dealer/syndication'));
    await expect(page.getByRole('heading', { level: 1, name: 'Google & Meta listings' })).toBeVisible();

    const records = await query<{ channel: string; included: number; left_out_count: number }>(
      `SELECT channel, included, left_out_count FROM syndication_feeds WHERE dealership_id = $1 ORDER BY channel`,
      [dealership.id],
    );
    for (const [channel, label] of [
      ['google', 'Google vehicle listings'],
      ['meta', 'Meta automotive catalog'],
    ] as const) {
      const card = page.locator(`[data-feed="${dealership.slug}/${channel}"]`);
      await expect(card.getByRole('heading', { name: label })).toBeVisible();
      const record = records.find((r) => r.channel === channel);
      expect(record?.included).toBeGreaterThanOrEqual(PHOTOGRAPHED);
      await expect(card.getByTestId('included')).toHaveText(String(record?.included));
      await expect(card.getByTestId('left-out')).toHaveText((record?.left_out_count ?? -1).toLocaleString('en-AU'));
      // The rest of the demo stock has only drawings: grouped under that reason, and listed car by car.
      await expect(card.getByTestId('reasons')).toContainText(/(photo|picture)/);
    }
    await expectAxeClean(page);
    await screenshots(page, testInfo, 'syndication');
    // The left-out cars, car by car, each linking to its page on the site.
    for (const channel of ['google', 'meta']) {
      const card = page.locator(`[data-feed="${dealership.slug}/${channel}"]`);
      await card.getByText(/cars? left out: the list/).click();
      const firstCar = card.getByRole('table').getByRole('link').first();
      await expect(firstCar).toHaveAttribute('href', /^\/cars\/[a-z0-9-]+$/);
    }
    await expectAxeClean(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator(`[data-feed="${dealership.slug}/google"]`).getByRole('table').scrollIntoViewIfNeeded();
    await testInfo.attach('left-out-list-390x844', {
      body: await page.screenshot({ path: testInfo.outputPath('left-out-list-390.png') }),
      contentType: 'image/png',
    });
    const carPage = await fetchInPage(
      page,
      (await page
        .locator(`[data-feed="${dealership.slug}/google"]`)
        .getByRole('table')
        .getByRole('link')
        .first()
        .getAttribute('href')) ?? '/',
    );
    expect(carPage.status).toBe(200);

    // The download is the file Google fetches: its header row is Google's columns, and the photographed cars are in it.
    const google = page.locator(`[data-feed="${dealership.slug}/google"]`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      google.getByRole('link', { name: /^Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${dealership.slug}-google.csv`);
    const text = Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]).toString('utf8');
    const [header, ...rows] = parse(text, { record_delimiter: '\r\n' }) as string[][];
    expect(header).toEqual([...GOOGLE_COLUMNS]);
    expect(rows.length).toBe(records.find((r) => r.channel === 'google')?.included);

    // The Meta file at its URL parses with Meta's columns.
    const metaUrl = await page.locator(`[data-feed="${dealership.slug}/meta"]`).getByTestId('feed-url').innerText();
    const metaFile = await fetchInPage(page, pathOf(metaUrl));
    expect(metaFile.status).toBe(200);
    expect((parse(metaFile.text, { record_delimiter: '\r\n' }) as string[][])[0]).toEqual([...META_COLUMNS]);

    // Changing Google's URL: a confirm step, the new URL shown once; the old one is a 404 at once.
    const oldUrl = await google.getByTestId('feed-url').innerText();
    expect(pathOf(oldUrl)).toMatch(new RegExp(`^/feeds/${dealership.slug}/google/[A-Za-z0-9_-]{43}\\.csv$`));
    expect((await fetchInPage(page, pathOf(oldUrl))).status).toBe(200);
    await google.getByText("Change this feed's URL").click();
    await expectAxeClean(page);
    await google.getByRole('button', { name: 'Yes, change the URL' }).click();
    const newUrl = (await google.getByTestId('rotated-feed-url').innerText()).trim();
    expect(pathOf(newUrl)).not.toBe(pathOf(oldUrl));
    await expect(google.getByRole('button', { name: 'Yes, change the URL' })).toHaveCount(0);
    expect((await fetchInPage(page, pathOf(oldUrl))).status).toBe(404);
    expect((await fetchInPage(page, pathOf(newUrl))).status).toBe(200);
    await screenshots(page, testInfo, 'syndication-rotated');
    await page.reload();
    await expect(google.getByTestId('feed-url')).toHaveText(newUrl);
    await expect(google.getByTestId('rotated-feed-url')).toHaveCount(0);
  });

  test('a sales user sees the report and cannot change a URL', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const page = await signedInPage(browser, request, 'sales');
    await page.goto(siteUrl(GROUP, '/dealer/syndication'));
    const google = page.locator(`[data-feed="${dealership.slug}/google"]`);
    await expect(google.getByTestId('included')).toBeVisible();
    await expect(page.getByText("Change this feed's URL")).toHaveCount(0);
    // Nor through the api with their own session and CSRF token.
    const me = await fetchInPage(page, '/api/dealer/me');
    const { csrfToken } = JSON.parse(me.text) as { csrfToken: string };
    const refused = await fetchInPage(page, `/api/dealer/syndication/${dealership.slug}/google/token`, {
      method: 'POST',
      headers: { 'X-CSRF-Token': csrfToken },
    });
    expect(refused.status).toBe(403);
    expect((JSON.parse(refused.text) as { title: string }).title).toBe('Owners only');
    await expectAxeClean(page);
    await page.context().close();
  });

  async function signedInPage(browser: Browser, request: APIRequestContext, role: 'sales'): Promise<Page> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(
      page,
      await opsSignInLink(request, dealership.slug, { email: `synd.${role}@example.com`, name: 'Sam Sales', role }),
    );
    return page;
  }
});
