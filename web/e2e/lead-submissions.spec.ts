import { expect, test, type Page } from '@playwright/test';
import { aValuableVehicle, query } from './database';
import { dismissPopupsOf } from './demo-sites';
import { siteUrl } from './e2e-env';

/**
 * What a submitted lead carries and what follows it (spec 001 §3 'Form submission', §7 'The calls
 * it makes'), read back from PostgreSQL: one tracking event per lead, the shopper's visit in
 * userData, the valuation saved where the dealership asks for it, and the enquiry form's fields.
 */

const GROUP = 'harbour-motor-group';
const SINGLE = 'werribee-isuzu-ute';

interface StoredLead {
  id: string;
  form: string;
  car_id: number | null;
  fields: Record<string, unknown>;
  user_data: {
    url: string | null;
    lead_attributes: { visited_pages: string[]; linked_query_params: Record<string, string> };
  };
  miscellaneous: Record<string, unknown>;
}

/** The one lead a shopper's (unique) email made, once the api has stored it. */
async function leadByEmail(email: string): Promise<StoredLead> {
  let found: StoredLead[] = [];
  await expect
    .poll(async () => {
      found = await query<StoredLead>(
        `SELECT id, form, car_id, fields, user_data, miscellaneous FROM leads WHERE fields->>'email' = $1`,
        [email],
      );
      return found.length;
    })
    .toBe(1);
  return found[0]!;
}

/** A car of the group no other test picks (the others take the lowest ids), of a dealership chosen by its flag. */
async function aCarWhereSaveValuation(on: boolean): Promise<{ id: number; slug: string }> {
  const [car] = await query<{ id: number; slug: string }>(
    `SELECT c.id, c.slug FROM cars c JOIN dealerships d ON d.id = c.dealership_id JOIN sites s ON s.id = d.site_id
     WHERE s.slug = $1 AND c.status = 'in_stock' AND c.show_on_dealer_website AND c.withdrawn_at IS NULL
       AND COALESCE((d.config->'leads'->>'save_valuation')::boolean, false) = $2
     ORDER BY c.id DESC LIMIT 1`,
    [GROUP, on],
  );
  if (!car) throw new Error(`${GROUP} has no car in stock whose dealership has save_valuation ${on}`);
  return car;
}

async function fillTradeIn(page: Page, email: string): Promise<void> {
  const vehicle = await aValuableVehicle();
  const form = page.locator('form#trade-in-form');
  await form.getByLabel('First name').fill('Val');
  await form.getByLabel('Last name').fill('Uation');
  await form.getByLabel('Postcode').fill('3220');
  await form.getByLabel(/^Mobile/).fill('0412 345 678');
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel('Make').fill(vehicle.make);
  await form.getByLabel('Model').fill(vehicle.model);
  await form.getByLabel('Year').fill(String(vehicle.year));
  await form.getByLabel('Kilometres').fill(String(vehicle.km));
}

test.describe('lead submissions', () => {
  test.beforeEach(async ({ page, request }) => {
    await dismissPopupsOf(page, request, GROUP);
    await dismissPopupsOf(page, request, SINGLE);
  });

  test('a vehicle enquiry is tracked once: by the api as it stores the lead, not again by the browser', async ({
    page,
  }) => {
    const car = await aCarWhereSaveValuation(false);
    const email = `once.${Date.now()}@example.com`;
    const browserEvents: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/sites\/[^/]+\/events$/.test(new URL(request.url()).pathname)) browserEvents.push(request.url());
    });
    await page.goto(siteUrl(GROUP, `/cars/${car.slug}`));
    await page
      .locator('aside')
      .getByRole('link', { name: /^Enquire/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel(/^Name/).fill('Once Only');
    await dialog.getByLabel(/^Email/).fill(email);
    await dialog.getByLabel('I agree to the terms of use').check();
    await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(page).toHaveURL(siteUrl(GROUP, '/success'));
    await leadByEmail(email);

    const eventsOfCar = async () =>
      (
        await query<{ count: number }>(
          `SELECT count(*)::int AS count FROM analytics_events WHERE car_id = $1 AND event_id IN (14, 15)`,
          [car.id],
        )
      )[0]!.count;
    await expect.poll(eventsOfCar).toBeGreaterThanOrEqual(1);
    // The queue hands events over within a second; a second copy would have landed by now.
    await page.waitForTimeout(2000);
    expect(await eventsOfCar()).toBe(1);
    expect(browserEvents).toEqual([]);
  });

  test("userData carries the page's address, the pages visited this session and the campaign parameters landed with", async ({
    page,
  }) => {
    const email = `visit.${Date.now()}@example.com`;
    await page.goto(
      siteUrl(GROUP, '/locations?utm_source=google&utm_medium=cpc&utm_campaign=spring-sale&gclid=Cj0KabC&colour=red'),
    );
    // The page is recorded once it runs its scripts, as a shopper reading it would let it.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('lead-visited-pages'))).toContain('/locations');
    // A client-side navigation (the header's logo link) counts as a visited page too.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator('header a[href="/"]').first().click();
    await expect(page).toHaveURL(siteUrl(GROUP, '/'));
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await page.goto(siteUrl(GROUP, '/contact'));
    const form = page.locator('form#contact-form');
    await form.getByLabel(/^Name/).fill('Visit Trail');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Category/).selectOption('Sales Enquiry');
    await form.getByLabel(/^Location/).selectOption({ index: 1 });
    await form.getByLabel(/^Dealership/).selectOption({ index: 1 });
    await form.getByLabel(/^Message/).fill('Do you have a white one?');
    await form.getByLabel('I agree to the terms of use').check();
    await form.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(page).toHaveURL(siteUrl(GROUP, '/success'));

    const lead = await leadByEmail(email);
    expect(lead.user_data.url).toBe(siteUrl(GROUP, '/contact'));
    expect(lead.user_data.lead_attributes.visited_pages).toEqual(['/locations', '/', '/contact']);
    expect(lead.user_data.lead_attributes.linked_query_params).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring-sale',
      gclid: 'Cj0KabC',
    });
  });

  test("a trade-in saves its valuation to the lead where the lead's dealership has leads.save_valuation on", async ({
    page,
  }) => {
    const car = await aCarWhereSaveValuation(true);
    const email = `save.${Date.now()}@example.com`;
    await page.goto(siteUrl(GROUP, `/cars/trade-in?car_id=${car.id}`));
    await fillTradeIn(page, email);
    const save = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/miscellaneous');
    await page.locator('form#trade-in-form').getByRole('button', { name: 'Value My Car' }).click();
    const body = (await save).postDataJSON() as { lead_id: string; column_name: string; valuation: unknown };
    await expect(page).toHaveURL(siteUrl(GROUP, '/success'));

    const lead = await leadByEmail(email);
    expect(body).toMatchObject({ lead_id: lead.id, column_name: 'valuation' });
    await expect
      .poll(async () => (await leadByEmail(email)).miscellaneous)
      .toEqual({ valuation: expect.objectContaining({ status: 'estimate', low: expect.any(Number) }) });
  });

  test('a trade-in elsewhere never calls the valuation save', async ({ page }) => {
    const saves: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/miscellaneous')) saves.push(request.url());
    });
    for (const [slug, path] of [
      [GROUP, `/cars/trade-in?car_id=${(await aCarWhereSaveValuation(false)).id}`],
      [SINGLE, '/trade-in'],
    ] as const) {
      const email = `nosave.${slug}.${Date.now()}@example.com`;
      await page.goto(siteUrl(slug, path));
      await fillTradeIn(page, email);
      await page.locator('form#trade-in-form').getByRole('button', { name: 'Value My Car' }).click();
      await expect(page).toHaveURL(siteUrl(slug, '/success'));
      expect((await leadByEmail(email)).miscellaneous).toEqual({});
    }
    expect(saves).toEqual([]);
  });
});

test.describe('enquiry form fields', () => {
  test.beforeEach(async ({ page, request }) => {
    await dismissPopupsOf(page, request, GROUP);
    await dismissPopupsOf(page, request, SINGLE);
  });

  test("the contact form collects Rego and the site's additional services", async ({ page }) => {
    const email = `extras.${Date.now()}@example.com`;
    await page.goto(siteUrl(GROUP, '/contact'));
    const form = page.locator('form#contact-form');
    await form.getByLabel(/^Name/).fill('Extra Services');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Category/).selectOption('Service Booking');
    await form.getByLabel(/^Location/).selectOption({ index: 1 });
    await form.getByLabel(/^Dealership/).selectOption({ index: 1 });
    await form.getByLabel('Rego').fill('ABC123');
    const services = form.getByRole('group', { name: /Additional services/ });
    await services.getByLabel('Wheel alignment').check();
    await services.getByLabel('Car wash').check();
    await form.getByLabel(/^Message/).fill('Logbook service please.');
    await form.getByLabel('I agree to the terms of use').check();
    await form.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(page).toHaveURL(siteUrl(GROUP, '/success'));

    const lead = await leadByEmail(email);
    expect(lead.fields).toMatchObject({ Rego: 'ABC123', additional_services: ['Wheel alignment', 'Car wash'] });
  });

  test('the service and finance forms need a message, as every enquiry form does by default', async ({ page }) => {
    for (const [path, selector] of [
      ['/service', 'form#service-form'],
      ['/finance', 'form#finance-form'],
    ] as const) {
      await page.goto(siteUrl(GROUP, path));
      const form = page.locator(selector);
      await expect(form.getByLabel(/^Message/)).toHaveAttribute('aria-required', 'true');
      await form.getByRole('button', { name: /Submit|Book|Send/ }).click();
      await expect(form.getByText('Please fix the following errors:')).toBeVisible();
      await expect(form.getByText('Please enter a message.').first()).toBeVisible();
    }
  });

  test('a site that disables isMessageRequired takes a service booking without a message', async ({ page }) => {
    const email = `nomessage.${Date.now()}@example.com`;
    await page.goto(siteUrl(SINGLE, '/service'));
    const form = page.locator('form#service-form');
    await expect(form.getByLabel(/^Message/)).not.toHaveAttribute('aria-required', 'true');
    await form.getByLabel(/^Name/).fill('No Message');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Mobile/).fill('0412 345 678');
    await form.getByLabel(/^Location/).selectOption({ index: 1 });
    await form.getByLabel('I agree to the terms of use').check();
    await form.getByRole('button', { name: /Submit|Book|Send/ }).click();
    await expect(page).toHaveURL(siteUrl(SINGLE, '/success'));
    expect((await leadByEmail(email)).form).toBe('service');
  });
});
