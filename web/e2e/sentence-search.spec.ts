import { request as httpRequest } from 'node:http';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { query } from './database';
import { DEMO_SITE_SLUGS, dismissPopupsOf } from './demo-sites';
import { siteUrl, WEB_PORT } from './e2e-env';

/**
 * The search box takes a sentence (issue 55), tried as a shopper would on each demo site at a phone's
 * and a laptop's size: typing offers the site's own words, the sentence becomes removable chips and
 * a URL of filters, every car shown is what the sentence says, removing a chip widens the search,
 * and the URL reloads to the same page. Screenshots go to web/test-results/sentence-search/.
 */

const SEARCH_PATH = '/search/new-used-and-demo-cars';
const SHOTS = path.join(__dirname, '..', 'test-results', 'sentence-search');
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

interface Sentence {
  /** Typed first, up to where a suggestion is chosen. */
  typed: string;
  suggestion: string;
  /** Typed after the suggestion. */
  rest: string;
  chips: string[];
  car: { make: string; model: string; colour: string; fuel: string; transmission: string; maxPrice: number };
}

const HILUX: Sentence = {
  typed: 'white hil',
  suggestion: 'Toyota HiLux',
  rest: 'under 50k diesel auto',
  chips: ['Toyota HiLux', 'Diesel', 'Automatic', 'White', 'Under $50,000'],
  car: { make: 'Toyota', model: 'HiLux', colour: 'White', fuel: 'Diesel', transmission: 'Automatic', maxPrice: 50000 },
};

/**
 * The sentence where the demo stock has white diesel automatic HiLuxes under $50,000; the
 * Isuzu UTE dealer's stock has none (one blue HiLux), so it gets the same sentence about its D-MAX.
 */
const SENTENCES: Record<(typeof DEMO_SITE_SLUGS)[number], Sentence> = {
  'harbour-motor-group': HILUX,
  'northside-used-cars': HILUX,
  'werribee-isuzu-ute': {
    typed: 'white dm',
    suggestion: 'Isuzu D-MAX',
    rest: 'under 50k diesel auto',
    chips: ['Isuzu D-MAX', 'Diesel', 'Automatic', 'White', 'Under $50,000'],
    car: { make: 'Isuzu', model: 'D-MAX', colour: 'White', fuel: 'Diesel', transmission: 'Automatic', maxPrice: 50000 },
  },
};

const box = (page: Page) => page.getByRole('combobox', { name: 'Search stock' });
const chips = (page: Page) =>
  page.getByRole('region', { name: 'Active filters' }).getByRole('link', { name: /^Remove / });
const cardLinks = (page: Page) =>
  page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 }).getByRole('link');

async function resultCount(page: Page): Promise<number> {
  const text = await page.getByRole('heading', { level: 2, name: /results?$/ }).textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

async function chipLabels(page: Page): Promise<string[]> {
  return (await chips(page).evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? ''))).map(
    (label) => label.replace(/^Remove /, ''),
  );
}

async function shownCarSlugs(page: Page): Promise<string[]> {
  const hrefs = await cardLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace(/^\/cars\//, '').replace(/[?#].*$/, ''));
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`)
    .join('\n');
  expect(serious, report).toEqual([]);
}

/** The cars behind the cards, read from the database rather than from the search that chose them. */
async function carsBySlug(slugs: string[]) {
  return query<{
    slug: string;
    make: string;
    model: string;
    colour: string;
    fuel: string;
    transmission: string;
    price: number;
  }>(
    `SELECT slug, make, model, colour, simple_fuel AS fuel, simple_transmission AS transmission, price::float AS price
     FROM cars WHERE slug = ANY($1)`,
    [slugs],
  );
}

// A site's marketing popup (a <dialog>) may open over the page; a shopper closes it and carries on.
test.beforeEach(async ({ page }) => {
  await page.addLocatorHandler(page.locator('dialog[open]'), async (dialog) => {
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});

for (const slug of DEMO_SITE_SLUGS) {
  const sentence = SENTENCES[slug];
  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    test(`${slug} at ${size}: a sentence becomes chips and a URL of filters, every car matches, a chip removed widens, a reload is the same page`, async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000);
      // The marketing popup would take the keyboard mid-sentence (each pause in typing searches).
      await dismissPopupsOf(page, request, slug);
      await page.setViewportSize(viewport);
      await page.goto(siteUrl(slug, SEARCH_PATH));

      // Typing offers the site's own words; the arrow keys and Enter put one in the box.
      await box(page).pressSequentially(sentence.typed, { delay: 40 });
      const listbox = page.getByRole('listbox', { name: 'Suggestions' });
      await expect(listbox.getByRole('option', { name: sentence.suggestion })).toBeVisible();
      await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: path.join(SHOTS, `${slug}-${size}-suggestions.png`) });
      const options = await listbox.getByRole('option').allTextContents();
      for (let i = 0; i <= options.indexOf(sentence.suggestion); i += 1) await box(page).press('ArrowDown');
      await expect(box(page)).toHaveAttribute('aria-activedescendant', /.+/);
      await box(page).press('Enter');
      await expect(box(page)).toHaveValue(`${sentence.typed.replace(/\S+$/, '')}${sentence.suggestion} `);
      await expect(listbox).toBeHidden();

      await box(page).pressSequentially(sentence.rest, { delay: 20 });
      await box(page).press('Enter');

      // The URL holds the filters, not the sentence; the box keeps only words not understood (none).
      await expect(page).toHaveURL(/range\[price\]=:50000/);
      expect(page.url()).not.toMatch(/[?&]q=/);
      expect(page.url()).not.toMatch(/[?&]query=/);
      await expect(box(page)).toHaveValue('');
      await expect(chips(page)).toHaveCount(sentence.chips.length);
      expect(await chipLabels(page)).toEqual(sentence.chips);

      // Every car shown is what the sentence says.
      const count = await resultCount(page);
      expect(count).toBeGreaterThan(0);
      const slugs = await shownCarSlugs(page);
      expect(slugs.length).toBe(Math.min(count, 21));
      const cars = await carsBySlug(slugs);
      expect(cars).toHaveLength(slugs.length);
      for (const car of cars) {
        expect(car, car.slug).toMatchObject({
          make: sentence.car.make,
          model: sentence.car.model,
          colour: sentence.car.colour,
          fuel: sentence.car.fuel,
          transmission: sentence.car.transmission,
        });
        expect(car.price, car.slug).toBeLessThanOrEqual(sentence.car.maxPrice);
      }
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: path.join(SHOTS, `${slug}-${size}-chips.png`) });

      // The URL reloads to the same page.
      const url = page.url();
      await page.reload();
      expect(page.url()).toBe(url);
      expect(await chipLabels(page)).toEqual(sentence.chips);
      expect(await resultCount(page)).toBe(count);
      expect(await shownCarSlugs(page)).toEqual(slugs);

      // Removing the price chip widens the search: the dearer ones join, the others stay.
      await chips(page).filter({ hasText: 'Under $50,000' }).click();
      await expect(page).not.toHaveURL(/range\[price\]/);
      await expect(chips(page)).toHaveCount(sentence.chips.length - 1);
      expect(await chipLabels(page)).toEqual(sentence.chips.filter((chip) => chip !== 'Under $50,000'));
      await expect.poll(() => resultCount(page)).toBeGreaterThan(count);
      await page.screenshot({ path: path.join(SHOTS, `${slug}-${size}-widened.png`), fullPage: false });
    });
  }
}

/** GET a site page as curl would, redirects not followed: the status and headers. */
function headersOf(slug: string, target: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: WEB_PORT, path: target, headers: { host: `${slug}.localhost:${WEB_PORT}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test('a sentence is answered with a redirect to its filters, never with a page that could be cached under it', async () => {
  const answer = await headersOf(DEMO_SITE_SLUGS[0], `${SEARCH_PATH}?q=white%20hilux%20sr5`);
  expect(answer.status).toBe(307);
  expect(decodeURIComponent(String(answer.headers['location']))).toMatch(
    /^\/search\/new-used-and-demo-cars\?query=sr5&menu\[make\]=Toyota&menu\[make_model\]=Toyota:HiLux&refinementList\[colour\]\[0\]=White$/,
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search box is a plain form: the sentence redirects to its filters, the chips are links, a sentence understanding nothing stays text', async ({
    page,
  }) => {
    const slug = DEMO_SITE_SLUGS[0];
    await page.goto(siteUrl(slug, `${SEARCH_PATH}?sortBy=price:asc`));
    await box(page).fill('white hilux under 50k diesel auto');
    await box(page).press('Enter');
    await expect(page).toHaveURL(/range\[price\]=:50000/);
    expect(page.url()).toMatch(/sortBy=price:asc/);
    expect(await chipLabels(page)).toEqual(HILUX.chips);

    await chips(page).filter({ hasText: 'Diesel' }).click();
    await expect(page).not.toHaveURL(/fuel/);
    expect(await chipLabels(page)).toEqual(HILUX.chips.filter((chip) => chip !== 'Diesel'));

    await box(page).fill('zzqx plugh xyzzy');
    await box(page).press('Enter');
    await expect(page).toHaveURL(/query=zzqx%20plugh%20xyzzy/);
    // The sentence adds to the search it was typed on: its filters stay, its words are the text.
    expect(await chipLabels(page)).toEqual([...HILUX.chips.filter((chip) => chip !== 'Diesel'), '“zzqx plugh xyzzy”']);
    await expect(page.getByRole('heading', { name: 'No Results Available' })).toBeVisible();
  });
});
