import { request as httpRequest } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_SITE_SLUGS } from './demo-sites';
import { siteUrl, WEB_PORT } from './e2e-env';

/**
 * Stock search as a shopper uses it (spec 000 screens 2 and 3, spec 001 search routes): server
 * rendered results, filters that change the URL, paging with back and forward, the no-results card
 * and favourites that survive a reload.
 */

const SEARCH_PATH = '/search/new-used-and-demo-cars';
const PAGE_SIZE = 21;

/** The result cards (articles); the promo card is an aside and is not counted. */
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 3 });
const resultCount = (page: Page) => page.getByRole('heading', { level: 2, name: /results?$/ });
const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' });

/** Prices shown on the cards as numbers (cars without a price are left out). */
async function shownPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('[data-price-kind="price"], [data-price-kind="offer"]').allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d]/g, ''))).filter((n) => n > 0);
}

/** GET a site page as curl would: no JavaScript, the site chosen by the Host header. */
function fetchHtml(slug: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: WEB_PORT, path, headers: { host: `${slug}.localhost:${WEB_PORT}` } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

// A site's marketing popup (a <dialog>) may open over the page; a shopper closes it and carries on.
test.beforeEach(async ({ page }) => {
  await page.addLocatorHandler(page.locator('dialog[open]'), async (dialog) => {
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});

for (const slug of DEMO_SITE_SLUGS) {
  test.describe(`stock search on ${slug}`, () => {
    test('shows 21 cards with a result count, filters and pagination', async ({ page }) => {
      await page.goto(siteUrl(slug, SEARCH_PATH));
      await expect(cards(page)).toHaveCount(PAGE_SIZE);
      await expect(resultCount(page)).toBeVisible();
      await expect(filters(page).getByRole('heading', { name: 'Popular Makes' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
      // Every card has a title link to its vehicle page and a price line.
      await expect(cardTitles(page).first().getByRole('link')).toHaveAttribute('href', /^\/cars\//);
    });

    test('the first HTML response already contains the cards', async () => {
      const { status, body } = await fetchHtml(slug, SEARCH_PATH);
      expect(status).toBe(200);
      expect(body.match(/data-testid="result-card"/g) ?? []).toHaveLength(PAGE_SIZE);
      expect(body).toMatch(/[\d,]+ results/);
      expect(body).toContain('data-testid="search-directory-input"');
    });
  });
}

test.describe('filters, sort and paging', () => {
  const slug = 'harbour-motor-group';

  test('a make, a price range and a sort change the URL and the results', async ({ page }) => {
    await page.goto(siteUrl(slug, SEARCH_PATH));
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    const countBefore = await resultCount(page).textContent();

    // The most stocked make is the first popular tile.
    const tile = filters(page).getByRole('list', { name: 'Popular Makes' }).getByRole('button').first();
    const make = (await tile.getAttribute('data-make')) ?? '';
    expect(make).not.toBe('');
    await tile.click();
    await expect(page).toHaveURL(new RegExp(`menu\\[make\\]=${encodeURIComponent(make)}`));
    await expect(tile).toHaveAttribute('aria-pressed', 'true');
    await expect(resultCount(page)).not.toHaveText(countBefore ?? '');
    for (const title of await cardTitles(page).allTextContents()) expect(title).toContain(make);

    // A maximum price: applied after the slider pauses, page dropped, every price at or under it.
    await filters(page).getByLabel('Maximum price').fill('40000');
    await expect(page).toHaveURL(/range\[price\]=:\d+/);
    const max = Number(/range\[price\]=:(\d+)/.exec(decodeURIComponent(page.url()))?.[1]);
    expect(max % 1000).toBe(0);
    await expect(cards(page).first()).toBeVisible();
    for (const price of await shownPrices(page)) expect(price).toBeLessThanOrEqual(max);

    // Lowest price first.
    await page.getByLabel('Sort by').selectOption({ label: 'Lowest Price' });
    await expect(page).toHaveURL(/sortBy=price:asc/);
    await expect(page).toHaveURL(new RegExp(`menu\\[make\\]=${encodeURIComponent(make)}`));
    await expect(async () => {
      const prices = await shownPrices(page);
      expect(prices.length).toBeGreaterThan(1);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }).toPass();
  });

  test('page 2 and back restore the first page', async ({ page }) => {
    await page.goto(siteUrl(slug, SEARCH_PATH));
    const firstTitle = await cardTitles(page).first().textContent();

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(cardTitles(page).first()).not.toHaveText(firstTitle ?? '');
    await expect(page.getByRole('navigation', { name: 'Pagination' }).locator('[aria-current="page"]')).toContainText(
      '2',
    );

    await page.goBack();
    await expect(page).not.toHaveURL(/page=/);
    await expect(cardTitles(page).first()).toHaveText(firstTitle ?? '');
    await page.goForward();
    await expect(page).toHaveURL(/[?&]page=2/);
  });

  test('any filter change drops the page', async ({ page }) => {
    await page.goto(siteUrl(slug, `${SEARCH_PATH}?page=3`));
    await filters(page).getByRole('checkbox', { name: /^Used/ }).check();
    await expect(page).toHaveURL(/\/search\/used-cars$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Used Cars');
  });

  test('a search with no results shows the no-results card, and Clear Filters goes to the refresh path', async ({
    page,
  }) => {
    await page.goto(siteUrl(slug, SEARCH_PATH));
    // Typed slowly, so each pause searches (spec 000 §4, 300 ms): the box keeps its focus and text.
    const box = page.getByRole('combobox', { name: 'Search stock' });
    await box.pressSequentially('zzq', { delay: 450 });
    await expect(page).toHaveURL(/query=zzq$/);
    await box.pressSequentially('x no such car');
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('zzqx no such car');
    await expect(page).toHaveURL(/query=zzqx%20no%20such%20car/);
    // Enter reads the box as a sentence: words it does not understand stay the free-text query, and in the box.
    await box.fill('zzqx plugh xyzzy');
    await box.press('Enter');
    await expect(page).toHaveURL(/query=zzqx%20plugh%20xyzzy$/);
    await expect(box).toHaveValue('zzqx plugh xyzzy');
    await expect(page.getByRole('heading', { name: 'No Results Available' })).toBeVisible();
    await expect(
      page.getByText(
        'No results found for your search at this time. Please try adjusting the filters for more results.',
      ),
    ).toBeVisible();
    await expect(cards(page)).toHaveCount(0);

    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(siteUrl(slug, '/special-offers'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Special Offers');
    await expect(cards(page).first()).toBeVisible();
  });

  test('unknown and malformed query parameters are ignored', async ({ page }) => {
    const response = await page.goto(
      siteUrl(slug, `${SEARCH_PATH}?page=abc&sortBy=nope&range[price]=zz&refinementList[nope][0]=x&menu[make]=`),
    );
    expect(response?.status()).toBe(200);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
  });

  test('make directory: search, show all makes, and models of the chosen make', async ({ page }) => {
    await page.goto(siteUrl('northside-used-cars', SEARCH_PATH));
    const panel = filters(page);
    await expect(panel.getByRole('heading', { name: 'Popular Makes' })).toBeVisible();
    const toggle = panel.getByRole('button', { name: 'Show all makes' });
    await toggle.click();
    await expect(panel.getByRole('heading', { name: 'All Makes' })).toBeVisible();
    await panel.getByRole('button', { name: 'Hide extra makes' }).click();
    await expect(panel.getByRole('heading', { name: 'All Makes' })).toBeHidden();

    await panel.getByTestId('search-directory-input').fill('toy');
    const toyota = panel.getByRole('button', { name: /^Toyota/ });
    await expect(toyota).toBeVisible();
    await expect(panel.getByRole('button', { name: /^Mazda/ })).toHaveCount(0);
    await toyota.click();
    await expect(page).toHaveURL(/menu\[make\]=Toyota/);

    await panel.getByRole('button', { name: 'Select models' }).click();
    const model = panel.getByRole('list', { name: 'Toyota models' }).getByRole('button').first();
    await model.click();
    await expect(page).toHaveURL(/menu\[make_model\]=Toyota:/);
    await expect(panel.getByRole('button', { name: 'Hide' })).toBeVisible();
  });
});

test.describe('search routes', () => {
  const slug = 'harbour-motor-group';

  test('car type, make, make and model, and body paths', async ({ page }) => {
    await page.goto(siteUrl(slug, '/search/new-cars'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Cars');
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
    ).toBeVisible();

    await page.goto(siteUrl(slug, '/search/new-and-demo-cars'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New and Demo Cars');

    await page.goto(siteUrl(slug, '/search/toyota'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Toyota');
    for (const title of await cardTitles(page).allTextContents()) expect(title).toContain('Toyota');

    await page.goto(siteUrl(slug, '/search/toyota/hilux'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Toyota hilux$/i);
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Toyota' }),
    ).toHaveAttribute('href', '/search/new-used-and-demo-cars?menu[make]=Toyota');

    await page.goto(siteUrl(slug, '/search/ute'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ute');
  });

  test('a path that names nothing is not found', async ({ page }) => {
    const response = await page.goto(siteUrl(slug, '/search/no-such-make'));
    expect(response?.status()).toBe(404);
  });
});

test.describe('favourites', () => {
  test('a favourite survives a reload, stored with the favourite entry shape', async ({ page }) => {
    const slug = 'werribee-isuzu-ute';
    await page.goto(siteUrl(slug, SEARCH_PATH));
    const button = cards(page)
      .first()
      .getByRole('button', { name: /^Favourite / });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(
      cards(page)
        .first()
        .getByRole('button', { name: /^Favourite / }),
    ).toHaveAttribute('aria-pressed', 'true');
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('favourites') ?? '[]') as Record<string, unknown>[],
    );
    expect(stored).toHaveLength(1);
    expect(Object.keys(stored[0] ?? {}).sort()).toEqual(['id', 'make', 'model', 'name', 'primary_image_url', 'slug']);

    const history = await page.evaluate(
      () => JSON.parse(localStorage.getItem('search-history') ?? '[]') as { href: string }[],
    );
    expect(history[0]?.href).toBe(SEARCH_PATH);
  });
});

test.describe('mobile filters', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('open in a sheet and apply with the button', async ({ page }) => {
    await page.goto(siteUrl('werribee-isuzu-ute', SEARCH_PATH));
    await expect(filters(page)).toBeHidden();
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('checkbox', { name: /^New/ }).check();
    // Nothing is applied until the apply button.
    await expect(page).toHaveURL(siteUrl('werribee-isuzu-ute', SEARCH_PATH));
    await sheet.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/\/search\/new-cars$/);
    await expect(sheet).toBeHidden();
  });
});
