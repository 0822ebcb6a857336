import { expect, test, type Page } from '@playwright/test';
import { lastTextedCode, query } from './database';
import { dismissPopupsOf } from './demo-sites';
import { siteUrl } from './e2e-env';
import { oneCarWhere } from './vehicle-data';

/** Harbour gates checkout behind sign-in; Northside says 'Buy Online' and offers Online Purchase with delivery. */
const HARBOUR = 'harbour-motor-group';
const NORTHSIDE = 'northside-used-cars';

function freshMobile(): { typed: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { typed: `04${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`, e164: `+614${digits}` };
}

/** Signs in on the sign-in page the gate sent the shopper to; they land back where they were going. */
async function signIn(page: Page): Promise<{ typed: string }> {
  const mobile = freshMobile();
  await page.getByLabel('Mobile number').fill(mobile.typed);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Code')).toBeFocused();
  await page.getByLabel('Code').fill(await lastTextedCode(mobile.e164));
  await page.getByRole('button', { name: 'Sign in' }).click();
  return mobile;
}

/** A car nobody has reserved: in stock, reservable and not touched by another test of this run. */
const reservable = (site: string, extra = 'TRUE') =>
  oneCarWhere(
    site,
    `c.status = 'in_stock' AND NOT c.reserved AND c.price > 1000 AND COALESCE(c.tag, '') <> 'Test Drive Only'
     AND NOT EXISTS (SELECT 1 FROM reservations r WHERE r.car_id = c.id) AND (${extra})`,
  );

test.describe('reserve online and buy online', () => {
  // Each journey signs in, pays and waits for the worker to project the car: longer than one page.
  test.describe.configure({ timeout: 120_000 });

  test('a signed-in shopper reserves a car with the local provider; search then shows it Reserved, and a second shopper is told', async ({
    page,
    browser,
    request,
  }) => {
    await dismissPopupsOf(page, request, HARBOUR);
    // A model with few cars, so its search fits on one page; not electric or hybrid, whose tag outranks Reserved.
    const car = await reservable(
      HARBOUR,
      `COALESCE(c.simple_fuel, '') NOT IN ('Electric', 'Hybrid') AND (SELECT count(*) FROM cars c3 JOIN dealerships d3 ON d3.id = c3.dealership_id
        WHERE d3.site_id = d.site_id AND c3.make = c.make AND c3.model = c.model) <= 12`,
    );
    await page.goto(siteUrl(HARBOUR, `/cars/${car.slug}`));
    await page
      .getByRole('link', { name: /^Reserve Now/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/sign-in\?type=checkout/);
    const mobile = await signIn(page);
    await expect(page).toHaveURL(siteUrl(HARBOUR, `/cars/${car.slug}/checkout`));

    await expect(page.getByRole('heading', { level: 1, name: 'Reserve Now' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: car.name })).toBeVisible();
    await expect(page.getByLabel('Mobile')).toHaveValue(mobile.typed);
    await expect(page.getByRole('list', { name: 'We accept' }).getByRole('listitem')).not.toHaveCount(0);

    // The terms are required, with the spec's message; nothing is held before they are accepted.
    await page.getByLabel('First name').fill('Jane');
    await page.getByLabel('Email').fill('jane@example.com');
    await page.getByRole('button', { name: /^Pay \$[\d,]+ deposit$/ }).click();
    await expect(page.getByText('*You must agree to the terms of use before submitting.').first()).toBeVisible();
    await page.getByLabel('I agree to the terms of use').check();
    await page.getByRole('button', { name: /^Pay \$[\d,]+ deposit$/ }).click();

    await expect(page).toHaveURL(/\/payments\/local\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Test payment' })).toBeVisible();
    // A declined card says so and lets the shopper try again.
    await page.getByRole('button', { name: 'Decline payment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your payment was declined' })).toBeVisible();
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Approve payment' }).click();

    await expect(page).toHaveURL(/\/reservations\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your car is reserved' })).toBeVisible();
    await expect(page.getByText(/^Thank you: your \$[\d,]+ deposit is paid/)).toBeVisible();

    // The search projection catches up through the outbox and the worker: the card shows Reserved, with no reserve button.
    const [{ make, model }] = await query<{ make: string; model: string }>(
      `SELECT make, model FROM cars WHERE id = $1`,
      [car.id],
    );
    const searchPath = `/search/new-used-and-demo-cars?menu[make]=${encodeURIComponent(make)}&menu[make_model]=${encodeURIComponent(`${make}:${model}`)}`;
    const card = page.getByTestId('result-card').filter({ has: page.locator(`a[href="/cars/${car.slug}"]`) });
    await expect
      .poll(
        async () => {
          await page.goto(siteUrl(HARBOUR, searchPath));
          return (await card.count()) > 0 && (await card.getByText('Reserved', { exact: true }).count()) > 0;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect(card.getByRole('link', { name: /^Reserve Now/ })).toHaveCount(0);
    await page.goto(siteUrl(HARBOUR, `/cars/${car.slug}`));
    await expect(page.getByRole('link', { name: /^Reserve Now \(/ })).toHaveCount(0);

    // A second shopper opening the checkout is told it is reserved.
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto(siteUrl(HARBOUR, `/cars/${car.slug}/checkout`));
    await signIn(second);
    await expect(second.getByText('This car is no longer available to reserve online.')).toBeVisible();
    await expect(second.getByRole('link', { name: 'Find Me Something Similar' })).toBeVisible();
    await other.close();

    const leads = await query<{ category: string }>(`SELECT category FROM leads WHERE car_id = $1`, [car.id]);
    expect(leads.map((l) => l.category)).toEqual(['Reserve Online']);
  });

  test('a payment that arrives after the hold ended is refunded at once, and the page tells the shopper so', async ({
    page,
    request,
  }) => {
    await dismissPopupsOf(page, request, HARBOUR);
    const car = await reservable(HARBOUR);
    await page.goto(siteUrl(HARBOUR, `/cars/${car.slug}/checkout`));
    await signIn(page);
    await page.getByLabel('First name').fill('Jane');
    await page.getByLabel('Email').fill('jane@example.com');
    await page.getByLabel('I agree to the terms of use').check();
    await page.getByRole('button', { name: /^Pay \$[\d,]+ deposit$/ }).click();
    await expect(page).toHaveURL(/\/payments\/local\/[0-9a-f-]{36}$/);
    // The shopper leaves the pay page open past the payment window, before the sweep has run.
    await query(`UPDATE reservations SET payment_deadline = now() - interval '1 minute' WHERE car_id = $1`, [car.id]);
    await page.getByRole('button', { name: 'Approve payment' }).click();

    await expect(page).toHaveURL(/\/reservations\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your hold on this car has ended' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your payment arrived after your hold on this car had ended' }),
    ).toHaveText(
      // 'has been' once the provider has confirmed the refund (the local one does at once).
      /^Your payment arrived after your hold on this car had ended, so the car was not reserved\. Your deposit (is being|has been) refunded in full\.$/,
    );
    const [reservation] = await query<{ status: string; refund_reason: string; reserved: boolean }>(
      `SELECT r.status, r.refund_reason, c.reserved FROM reservations r JOIN cars c ON c.id = r.car_id WHERE r.car_id = $1`,
      [car.id],
    );
    expect(reservation).toEqual({ status: 'refunded', refund_reason: 'paid_after_hold_ended', reserved: false });
    for (const [width, height] of [
      [390, 844],
      [1366, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `test-results/checkout/late-payment-${width}x${height}.png`, fullPage: true });
    }
  });

  test('an Online Purchase with a trade-in and delivery ends in one reservation and one dealer lead carrying the choices', async ({
    page,
    request,
  }) => {
    await dismissPopupsOf(page, request, NORTHSIDE);
    const car = await reservable(NORTHSIDE);
    await page.goto(siteUrl(NORTHSIDE, `/cars/${car.slug}`));
    await page.getByRole('link', { name: 'Online Purchase' }).first().click();
    await expect(page).toHaveURL(/\/sign-in\?type=checkout/);
    await signIn(page);
    await expect(page).toHaveURL(siteUrl(NORTHSIDE, `/checkout-journey?car_id=${car.slug}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Online Purchase' })).toBeVisible();

    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Buyer');
    await page.getByLabel('Email').fill('sam@example.com');
    await page.getByLabel('Postcode').fill('2000');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Trade-in' })).toBeVisible();
    // Progress survives a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Trade-in' })).toBeVisible();
    await page.getByLabel('Yes, value my car').check();
    await page.getByLabel('Make').fill('Toyota');
    await page.getByLabel('Model').fill('Corolla');
    await page.getByLabel('Year').fill('2018');
    await page.getByLabel('Kilometres').fill('80000');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Payment method' })).toBeVisible();
    await page.getByLabel('Finance', { exact: true }).check();
    await page.getByLabel('Finance deposit (if financing)').fill('5000');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Delivery or pickup' })).toBeVisible();
    await page.getByLabel('Deliver to me').check();
    await page.getByLabel('Delivery postcode').fill('2000');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Review and deposit' })).toBeVisible();
    await expect(page.getByText(/^Finance, \$5,000 deposit over 5 years/)).toBeVisible();
    await page.getByLabel('I agree to the terms of use').check();
    await page.getByRole('button', { name: /^Pay \$[\d,]+ deposit$/ }).click();
    await expect(page).toHaveURL(/\/payments\/local\//);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your car is reserved' })).toBeVisible();

    const reservations = await query<{ kind: string; status: string; selections: Record<string, unknown> }>(
      `SELECT kind, status, selections FROM reservations WHERE car_id = $1`,
      [car.id],
    );
    expect(reservations).toHaveLength(1);
    expect(reservations[0]).toMatchObject({
      kind: 'purchase',
      status: 'held',
      selections: {
        payment_method: 'finance',
        finance: { deposit: 5000, term_years: 5 },
        delivery: { method: 'delivery', postcode: '2000' },
        trade_in: { vehicle: expect.stringContaining('Toyota Corolla') },
      },
    });
    const leads = await query<{ category: string; subcategory: string; fields: Record<string, unknown> }>(
      `SELECT category, subcategory, fields FROM leads WHERE car_id = $1 AND category = 'Reserve Online'`,
      [car.id],
    );
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      subcategory: 'Online Purchase',
      fields: { name: 'Sam', selections: { payment_method: 'finance', delivery: { method: 'delivery' } } },
    });
  });
});
