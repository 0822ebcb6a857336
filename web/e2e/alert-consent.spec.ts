import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { anInStockCar, lastTextedCode, query } from './database';
import { siteUrl } from './e2e-env';
import { issueFeedKey, pushDelta } from './feed-push';

const SITE = 'harbour-motor-group';
const SCREENSHOTS = 'test-results/alert-consent';

function freshMobile(): { typed: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { typed: `04${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`, e164: `+614${digits}` };
}

async function noSeriousAxeViolations(page: Page, selector: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Alert texts sent to a number (the development SMS store; sign-in codes left out). */
const alertTexts = (e164: string) =>
  query<{ body: string }>(
    `SELECT body FROM sms_messages WHERE phone = $1 AND body NOT LIKE '%code%' ORDER BY created_at`,
    [e164],
  );

/** The alert matcher has looked at these cars (their changes drained, their state recorded). */
async function matched(stocknums: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const [row] = await query<{ seen: number; waiting: number }>(
          `SELECT (SELECT count(*)::int FROM alert_car_states s JOIN cars c ON c.id = s.car_id WHERE c.stocknum = ANY($1::text[])) AS seen,
                  (SELECT count(*)::int FROM alert_car_changes x JOIN cars c ON c.id = x.car_id WHERE c.stocknum = ANY($1::text[])) AS waiting`,
          [stocknums],
        );
        return row!.seen === stocknums.length && row!.waiting === 0;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Nothing of the shopper's is waiting to be sent or on its way. */
async function outboxSettled(e164: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await query<{ n: number }>(
            `SELECT count(*)::int AS n FROM alert_messages m JOIN shoppers s ON s.id = m.shopper_id
             WHERE s.phone = $1 AND m.status IN ('pending', 'queued')`,
            [e164],
          )
        )[0]!.n,
      { timeout: 30_000 },
    )
    .toBe(0);
}

test.describe('alert consent', () => {
  test('a search saved with SMS ticked texts one message for three matching cars; unticked on the watchlist, nothing', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // Quiet hours (21:00-08:00 on the site's clock) are tested with an injected clock in the api's
    // alert-consent spec; this site has none while this test runs, so it passes at any hour.
    const [before] = await query<{ config: unknown }>(`SELECT config FROM sites WHERE slug = $1`, [SITE]);
    await query(
      `UPDATE sites SET config = config || jsonb_build_object('alerts', '{"sms_quiet_start": "00:00", "sms_quiet_end": "00:00"}'::jsonb) WHERE slug = $1`,
      [SITE],
    );
    try {
      const word = `zq${Math.random().toString(36).slice(2, 8)}`;
      const [dealership] = await query<{ id: number; slug: string }>(
        `SELECT d.id, d.slug FROM dealerships d JOIN sites s ON s.id = d.site_id WHERE s.slug = $1 ORDER BY d.id LIMIT 1`,
        [SITE],
      );
      const key = await issueFeedKey(dealership!.id);
      const cars = (tag: string) =>
        [1, 2, 3].map((n) => ({
          stocknum: `${word}-${tag}${n}`,
          make: 'Toyota',
          model: `RAV4 ${word}`,
          year: 2023,
          car_type: 'used',
          price: 35000 + n * 1000,
          km: 10000 * n,
        }));

      // Signed in, on the search page for the word.
      await page.goto(siteUrl(SITE, `/search/new-used-and-demo-cars?query=${word}`));
      await page.getByRole('link', { name: 'Sign in to save this search' }).click();
      const mobile = freshMobile();
      await page.getByLabel('Mobile number').fill(mobile.typed);
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByLabel('Code')).toBeFocused();
      await page.getByLabel('Code').fill(await lastTextedCode(mobile.e164));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(siteUrl(SITE, `/search/new-used-and-demo-cars?query=${word}`));

      await page.getByText('Save this search', { exact: true }).click();
      const sms = page.getByRole('checkbox', { name: /^Text me when new cars match this search\./ });
      const email = page.getByRole('checkbox', { name: /^Email me when new cars match this search\./ });
      // Nothing is ticked for the shopper.
      await expect(sms).not.toBeChecked();
      await expect(email).not.toBeChecked();
      await noSeriousAxeViolations(page, 'details');
      for (const [width, height] of [
        [390, 844],
        [1366, 900],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.getByText('Save this search', { exact: true }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOTS}/save-search-${width}x${height}.png` });
      }
      const shown = (await page.locator('label', { has: sms }).innerText()).trim();
      await sms.check();
      await page.getByRole('button', { name: 'Save search' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Search saved.' })).toBeVisible();

      // The consent is stored with the words the shopper saw beside the box.
      const consents = await query<{ channel: string; wording: string; source: string; withdrawn_at: Date | null }>(
        `SELECT c.channel, c.wording, c.source, c.withdrawn_at FROM alert_consents c JOIN shoppers s ON s.id = c.shopper_id WHERE s.phone = $1`,
        [mobile.e164],
      );
      expect(consents).toEqual([{ channel: 'sms', wording: shown, source: 'search_page', withdrawn_at: null }]);

      // The dealer's feed lists three matching cars: one text, naming the dealer, the count and the way out.
      expect(await pushDelta(key, dealership!.slug, cars('a'))).toBe('succeeded');
      await expect.poll(async () => (await alertTexts(mobile.e164)).length, { timeout: 30_000 }).toBe(1);
      await outboxSettled(mobile.e164);
      const texts = await alertTexts(mobile.e164);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toMatch(
        /^Harbour Motor Group.*: 3 new cars match .+ Opt out: http\S+\/unsubscribe\?token=\S+$/,
      );

      // Unticked on the watchlist: withdrawn at once.
      await page.goto(siteUrl(SITE, '/watchlist'));
      const list = page.getByRole('list', { name: 'Saved searches' });
      await list.getByText('Change alerts').click();
      await list.getByRole('checkbox', { name: /^Text me when new cars match this search\./ }).uncheck();
      await list.getByRole('button', { name: /^Save alerts/ }).click();
      await expect(list.getByText('Paused — turn on alerts')).toBeVisible();
      await noSeriousAxeViolations(page, 'main');
      for (const [width, height] of [
        [390, 844],
        [1366, 900],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: `${SCREENSHOTS}/watchlist-paused-${width}x${height}.png`, fullPage: true });
      }
      expect(
        await query<{ withdrawn_source: string }>(
          `SELECT c.withdrawn_source FROM alert_consents c JOIN shoppers s ON s.id = c.shopper_id WHERE s.phone = $1 AND c.withdrawn_at IS NOT NULL`,
          [mobile.e164],
        ),
      ).toEqual([{ withdrawn_source: 'watchlist' }]);

      const again = cars('b');
      expect(await pushDelta(key, dealership!.slug, again)).toBe('succeeded');
      await matched(again.map((car) => car.stocknum));
      await outboxSettled(mobile.e164);
      expect(await alertTexts(mobile.e164)).toHaveLength(1);
    } finally {
      await query(`UPDATE sites SET config = $2::jsonb WHERE slug = $1`, [SITE, JSON.stringify(before!.config)]);
    }
  });

  test('following a car asks for a channel, the watchlist shows what was agreed, and turning it off withdraws it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const car = await anInStockCar(SITE);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    await page.getByRole('button', { name: /^Follow price/ }).click();
    const mobile = freshMobile();
    await page.getByLabel('Mobile number').fill(mobile.typed);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('Code')).toBeFocused();
    await page.getByLabel('Code').fill(await lastTextedCode(mobile.e164));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(siteUrl(SITE, `/cars/${car.slug}`));

    const sidebar = page.getByRole('complementary', { name: 'Price and enquiry' });
    await sidebar.getByText('Follow price').click();
    const sms = sidebar.getByRole('checkbox', { name: /^Text me when this car drops in price/ });
    await expect(sms).not.toBeChecked();
    await expect(sidebar.getByRole('checkbox', { name: /^Email me when this car drops in price/ })).not.toBeChecked();
    // Nothing ticked, nothing turned on.
    await sidebar.getByRole('button', { name: 'Turn on alerts' }).click();
    await expect(sidebar.getByText('Tick SMS, email or both to get alerts of this car')).toBeVisible();
    await noSeriousAxeViolations(page, 'aside');
    for (const [width, height] of [
      [390, 844],
      [1366, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await sidebar.getByText('Follow price').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/vehicle-follow-${width}x${height}.png` });
    }
    await sms.check();
    await sidebar.getByRole('button', { name: 'Turn on alerts' }).click();
    await expect(sidebar.getByRole('button', { name: /^Turn off price alerts/ })).toBeVisible();
    expect(
      await query<{ source: string; wording: string }>(
        `SELECT c.source, c.wording FROM alert_consents c JOIN shoppers s ON s.id = c.shopper_id
         WHERE s.phone = $1 AND c.car_id = $2 AND c.withdrawn_at IS NULL`,
        [mobile.e164, car.id],
      ),
    ).toEqual([{ source: 'vehicle_page', wording: expect.stringMatching(/^Text me when this car drops in price/) }]);

    await page.goto(siteUrl(SITE, '/watchlist'));
    const cars = page.getByRole('list', { name: 'Saved cars' });
    await expect(cars.getByText('Price alerts on.')).toBeVisible();
    await expect(cars.getByText(/^SMS, agreed .*: “Text me when this car drops in price/)).toBeVisible();
    await noSeriousAxeViolations(page, 'main');
    for (const [width, height] of [
      [390, 844],
      [1366, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SCREENSHOTS}/watchlist-following-${width}x${height}.png`, fullPage: true });
    }
    await cars.getByRole('button', { name: /^Turn off price alerts/ }).click();
    await expect(cars.getByText('Paused — turn on alerts')).toBeVisible();
    expect(
      await query<{ withdrawn_source: string }>(
        `SELECT c.withdrawn_source FROM alert_consents c JOIN shoppers s ON s.id = c.shopper_id WHERE s.phone = $1 AND c.car_id = $2`,
        [mobile.e164, car.id],
      ),
    ).toEqual([{ withdrawn_source: 'watchlist' }]);
  });
});
