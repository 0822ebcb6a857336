import { expect, test, type Page } from '@playwright/test';
import { siteUrl } from './e2e-env';

/**
 * The search page's helpers around the results: the shopper's last searches (spec 001 §9), the
 * body-type tile list (spec 001 screen 9 and §2), the range sliders (spec 000 §5, §9) and the
 * /used-car/... breadcrumb of the site configuration that asks for it (spec 001 §2).
 */

const GROUP = 'harbour-motor-group';
const USED = 'northside-used-cars';
const SEARCH_PATH = '/search/new-used-and-demo-cars';

const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' });
const cards = (page: Page) => page.getByRole('main').getByRole('article');

test.beforeEach(async ({ page }) => {
  await page.addLocatorHandler(page.locator('dialog[open]'), async (dialog) => {
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});

test.describe('search history', () => {
  test('the last searches are offered on the search page, newest first, at most 5', async ({ page }) => {
    const visited = ['/search/used-cars', '/search/new-cars', '/search/demo-cars', '/search/suv', '/search/ute'];
    // History keeps each search by its canonical address (a body path is the default search with that body).
    const body = (value: string) => `${SEARCH_PATH}?refinementList[body][0]=${value}`;
    for (const path of [...visited, '/search/new-and-demo-cars']) {
      await page.goto(siteUrl(GROUP, path));
      await expect(cards(page).first()).toBeVisible();
    }
    await page.goto(siteUrl(GROUP, SEARCH_PATH));
    const recent = page.getByRole('navigation', { name: 'Recent searches' });
    await expect(recent).toBeVisible();
    // The page itself is not offered; the five before it are, newest first.
    await expect(recent.getByRole('link')).toHaveCount(5);
    const hrefs = await recent.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/search/new-and-demo-cars',
      body('ute'),
      body('suv'),
      '/search/demo-cars',
      '/search/new-cars',
    ]);
    await recent.getByRole('link', { name: 'New or Demo cars' }).click();
    await expect(page).toHaveURL(siteUrl(GROUP, '/search/new-and-demo-cars'));
  });

  test('each recent search is named by what it searched: make, model, price', async ({ page }) => {
    await page.goto(siteUrl(GROUP, SEARCH_PATH));
    const tile = filters(page).getByRole('list', { name: 'Popular Makes' }).getByRole('button').first();
    const make = (await tile.getAttribute('data-make')) ?? '';
    expect(make).not.toBe('');
    for (const query of ['range[price]=:40000', `menu[make]=${encodeURIComponent(make)}&range[price]=10000:50000`]) {
      await page.goto(siteUrl(GROUP, `${SEARCH_PATH}?${query}`));
      await expect(page.getByRole('heading', { name: /results?$/ })).toBeVisible();
    }
    await page.goto(siteUrl(GROUP, '/search/used-cars'));
    const recent = page.getByRole('navigation', { name: 'Recent searches' });
    await expect(recent.getByRole('link')).toHaveCount(3);
    expect(await recent.getByRole('link').allTextContents()).toEqual([
      `${make} $10,000 to $50,000`,
      'Cars under $40,000',
      'All cars',
    ]);
  });

  test('a first visit offers no history and the server HTML carries none', async ({ page }) => {
    const response = await page.goto(siteUrl(GROUP, SEARCH_PATH));
    expect(await response?.text()).not.toContain('Recent searches');
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Recent searches' })).toHaveCount(0);
  });
});

test.describe('body-type tiles', () => {
  test('the search page lists body types with counts, each a /search/{body} page', async ({ page }) => {
    await page.goto(siteUrl(GROUP, SEARCH_PATH));
    const tiles = page.getByRole('region', { name: 'Browse by body type' });
    await expect(tiles.getByRole('link').first()).toBeVisible();
    const suv = tiles.getByRole('link', { name: /^SUV \(\d+\)$/ });
    await expect(suv).toHaveAttribute('href', '/search/suv');
    await suv.click();
    await expect(page).toHaveURL(siteUrl(GROUP, '/search/suv'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SUV');
    // Once a body is chosen the tiles give way to the results.
    await expect(page.getByRole('region', { name: 'Browse by body type' })).toHaveCount(0);
  });
});

test.describe('facet tiles with count and logo (spec 001 screen 9)', () => {
  /** Every tile's logo is drawn: an image that loaded with pixels, or the body type's drawing. */
  async function expectEveryTileHasLogo(region: ReturnType<Page['getByRole']>): Promise<number> {
    const tiles = region.getByRole('listitem');
    const count = await tiles.count();
    expect(count).toBeGreaterThan(0);
    for (const tile of await tiles.all()) {
      const logo = tile.locator('img, svg').first();
      await expect(logo, `${await tile.textContent()} has a logo`).toHaveCount(1);
      await logo.scrollIntoViewIfNeeded();
      await expect(logo, `${await tile.textContent()} has a logo`).toBeVisible();
      const pixels = await logo.evaluate((el) =>
        el instanceof HTMLImageElement ? el.complete && el.naturalWidth : el.getBoundingClientRect().width,
      );
      expect(pixels, `${await tile.textContent()}'s logo is drawn`).toBeGreaterThan(0);
    }
    return count;
  }

  test('every body-type tile carries a logo beside its name and count', async ({ page }) => {
    await page.goto(siteUrl(GROUP, SEARCH_PATH));
    const region = page.getByRole('region', { name: 'Browse by body type' });
    await expectEveryTileHasLogo(region);
    // The drawing is decorative: the tile is still named by its words and count.
    await expect(region.getByRole('link', { name: /^SUV \(\d+\)$/ })).toBeVisible();
  });

  test('every make tile on /special-offers carries its logo, used-stock makes included', async ({ page }) => {
    await page.goto(siteUrl(GROUP, '/special-offers'));
    const region = page.getByRole('region', { name: 'All Makes' });
    for (const make of ['Mitsubishi', 'Holden', 'Nissan'])
      await expect(region.getByRole('link', { name: new RegExp(`^${make} \\(\\d+\\)$`) })).toBeVisible();
    await expectEveryTileHasLogo(region);
  });
});

test.describe('range sliders', () => {
  test('the price thumbs sit where the label and the URL say', async ({ page }) => {
    await page.goto(siteUrl(GROUP, `${SEARCH_PATH}?range[price]=6000:40000`));
    const price = filters(page).getByRole('group', { name: 'Price' });
    await expect(price.getByText('$6,000 – $40,000')).toBeVisible();
    await expect(price.getByLabel('Minimum price')).toHaveValue('6000');
    await expect(price.getByLabel('Maximum price')).toHaveValue('40000');

    // A key press moves the thumb and the label together, to a whole thousand.
    await price.getByLabel('Minimum price').press('ArrowRight');
    const moved = Number(await price.getByLabel('Minimum price').inputValue());
    expect(moved).toBeGreaterThan(6000);
    expect(moved % 1000).toBe(0);
    await expect(price.getByText(`$${moved.toLocaleString('en-AU')} – $40,000`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`range\\[price\\]=${moved}:40000`));
  });

  test('a search with no results shows the price slider on the default 0 to 100,000; years and km on the stock’s', async ({
    page,
  }) => {
    await page.goto(siteUrl(GROUP, `${SEARCH_PATH}?query=zzqx%20no%20such%20car`));
    await expect(page.getByRole('heading', { name: 'No Results Available' })).toBeVisible();
    const price = filters(page).getByRole('group', { name: 'Price' });
    await expect(price.getByText('$0 – $100,000', { exact: true })).toBeVisible();
    await expect(price.getByLabel('Maximum price')).toHaveAttribute('max', '100000');
    // The spec's default is for price; a '0 – 100000' year slider would mean nothing.
    const year = filters(page).getByRole('group', { name: 'Year' });
    const min = Number(await year.getByLabel('Minimum year').getAttribute('min'));
    const max = Number(await year.getByLabel('Maximum year').getAttribute('max'));
    expect(min).toBeGreaterThan(1900);
    expect(max).toBeLessThanOrEqual(new Date().getFullYear() + 1);
  });

  test('dragging a price thumb moves in steps of the range / 100, each shown to the nearest $1,000', async ({
    page,
  }) => {
    await page.goto(siteUrl(GROUP, SEARCH_PATH));
    const thumb = filters(page).getByRole('group', { name: 'Price' }).getByLabel('Minimum price');
    const lowest = Number(await thumb.getAttribute('min'));
    const highest = Number(await thumb.getAttribute('max'));
    const step = (highest - lowest) / 100;
    expect(step).toBeGreaterThan(1000);
    const positions = new Set(Array.from({ length: 101 }, (_, k) => Math.round((lowest + k * step) / 1000) * 1000));
    // An action first, so a popup dialog is closed (the handler above) and the slider is on screen.
    await thumb.scrollIntoViewIfNeeded();
    await thumb.hover();
    const box = await thumb.boundingBox();
    if (!box) throw new Error('the minimum price slider has no box');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 8, y);
    await page.mouse.down();
    const seen: number[] = [];
    for (let x = box.x + 12; x < box.x + 60; x += 3) {
      await page.mouse.move(x, y);
      seen.push(Number(await thumb.inputValue()));
    }
    await page.mouse.up();
    expect(new Set(seen).size).toBeGreaterThan(3);
    for (const value of seen) expect(positions, `${value} is not a step of ${step}`).toContain(value);
  });

  test('a URL value off the grid is shown and applied as the slider holds it', async ({ page }) => {
    await page.goto(siteUrl(GROUP, `${SEARCH_PATH}?range[price]=6480:40000`));
    await expect(page).toHaveURL(/range\[price\]=6000:40000$/);
    const price = filters(page).getByRole('group', { name: 'Price' });
    await expect(price.getByText('$6,000 – $40,000', { exact: true })).toBeVisible();
    await expect(price.getByLabel('Minimum price')).toHaveValue('6000');
    await expect(price.getByLabel('Maximum price')).toHaveValue('40000');
  });

  test('an out-of-range price is clamped to the whole range: no filter, cars without a price kept', async ({
    page,
  }) => {
    const count = page.getByRole('heading', { name: /results?$/ });
    await page.goto(siteUrl(GROUP, SEARCH_PATH));
    const all = await count.textContent();
    await page.goto(siteUrl(GROUP, `${SEARCH_PATH}?range[price]=-5000:999999`));
    await expect(page).toHaveURL(siteUrl(GROUP, SEARCH_PATH));
    await expect(count).toHaveText(all ?? '');
    const price = filters(page).getByRole('group', { name: 'Price' });
    const { min, max } = await price
      .getByLabel('Maximum price')
      .evaluate((input: HTMLInputElement) => ({ min: input.min, max: input.max }));
    await expect(price.getByLabel('Minimum price')).toHaveValue(min);
    await expect(price.getByLabel('Maximum price')).toHaveValue(max);
  });
});

test.describe('/used-car/... breadcrumbs', () => {
  test('a site configured for them links its used-car crumbs to /used-car/...; they show that search', async ({
    page,
  }) => {
    await page.goto(siteUrl(USED, SEARCH_PATH));
    const tile = filters(page).getByRole('list', { name: 'Popular Makes' }).getByRole('button').first();
    const make = (await tile.getAttribute('data-make')) ?? '';
    expect(make).not.toBe('');
    const makeSlug = make.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await page.goto(siteUrl(USED, `/search/${makeSlug}`));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    // The site's own word for used cars ('Used' or 'Pre-Owned', wording.used_label).
    const usedCrumb = crumbs.getByRole('link', { name: /^(Used|Pre-Owned) Cars$/ });
    await expect(usedCrumb).toHaveAttribute('href', '/used-car');
    const usedLabel = ((await usedCrumb.textContent()) ?? '').replace(/ Cars$/, '');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(make);

    await usedCrumb.click();
    await expect(page).toHaveURL(siteUrl(USED, '/used-car'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${usedLabel} Cars`);
    await expect(cards(page).first()).toBeVisible();

    const response = await page.goto(siteUrl(USED, `/used-car/${makeSlug}`));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${usedLabel} ${make}`);
    await expect(crumbs.getByRole('link', { name: make })).toHaveCount(0); // the make is this page
    for (const title of await cards(page).getByRole('heading', { level: 3 }).allTextContents())
      expect(title).toContain(make);
    const madeUp = await page.goto(siteUrl(USED, '/used-car/no-such-make'));
    expect(madeUp?.status()).toBe(404);
  });

  test('other sites keep /search/... crumbs and have no /used-car pages', async ({ page }) => {
    await page.goto(siteUrl(GROUP, '/search/used-cars'));
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]')).toHaveText(
      'Used Cars',
    );
    const response = await page.goto(siteUrl(GROUP, '/used-car'));
    expect(response?.status()).toBe(404);
  });
});
