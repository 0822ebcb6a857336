import { expect, test } from '@playwright/test';
import { financeRepayment, formatRepayment, shownRepayment, type FinanceFee } from '@platform/domain';
import { API_ORIGIN, siteUrl } from './e2e-env';
import { setCarData, storeCarImages } from './database';
import { dismissPopupsOf } from './demo-sites';
import { carsWhere, leadsFor, oneCarWhere } from './vehicle-data';

const SITE = 'harbour-motor-group';
const IN_STOCK = `c.status = 'in_stock'`;

test.describe('vehicle detail page', () => {
  test('an in-stock car with more than 3 images shows thumbnails and full-screen arrow navigation', async ({
    page,
  }) => {
    const car = await oneCarWhere(
      SITE,
      `${IN_STOCK} AND jsonb_array_length(c.data->'images') > 3 AND c.data->>'video_url' IS NULL AND c.data->'spin_images' = 'null'::jsonb`,
    );
    const response = await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: car.name })).toBeVisible();

    const thumbnails = page.getByRole('list', { name: 'Thumbnails' }).getByRole('button');
    await expect(thumbnails).toHaveCount(car.images);
    await expect(page.getByTestId('gallery-counter')).toHaveText(`1 / ${car.images}`);
    await page.getByRole('button', { name: 'Next photo' }).first().click();
    await expect(page.getByTestId('gallery-counter')).toHaveText(`2 / ${car.images}`);
    await thumbnails.nth(0).click();
    await expect(page.getByTestId('gallery-counter')).toHaveText(`1 / ${car.images}`);

    await page.getByRole('button', { name: 'Full screen' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText(`${car.name} (1 / ${car.images})`);
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('heading')).toHaveText(`${car.name} (2 / ${car.images})`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('heading')).toHaveText(`${car.name} (${car.images} / ${car.images})`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the key information video waits behind a Play video button and loads its player only once pressed', async ({
    page,
  }) => {
    const car = await oneCarWhere(
      'werribee-isuzu-ute',
      `${IN_STOCK} AND c.data->>'video_url' ~ '^https://(www\\.)?(youtube\\.com|youtu\\.be|player\\.vimeo\\.com)/'`,
    );
    // The video host is outside this machine: its player is answered with an empty page.
    const asked: string[] = [];
    await page.route(/youtube\.com|youtu\.be|vimeo\.com/, (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>player</title>' });
    });
    await page.goto(siteUrl('werribee-isuzu-ute', `/cars/${car.slug}`));
    const keyInfo = page.locator('section[aria-labelledby="key-info"]');
    const play = keyInfo.getByRole('button', { name: `Play video: ${car.name}` });
    await expect(play).toBeVisible();
    await expect(keyInfo.locator('iframe')).toHaveCount(0);
    await page.waitForLoadState('load');
    expect(asked).toEqual([]);

    await play.focus();
    await page.keyboard.press('Enter');
    const player = keyInfo.locator('iframe');
    await expect(player).toHaveAttribute('title', `${car.name} video`);
    expect(new URL((await player.getAttribute('src'))!).searchParams.get('autoplay')).toBe('1');
    await expect.poll(() => asked.length).toBeGreaterThan(0);
  });

  test('the page holds one player of its video at a time: the gallery slide and the key information each wait behind Play video, and the last pressed plays', async ({
    page,
  }) => {
    const car = await oneCarWhere(
      'werribee-isuzu-ute',
      `${IN_STOCK} AND jsonb_array_length(c.data->'images') > 0 AND c.data->>'video_url' ~ '^https://(www\\.)?(youtube\\.com|youtu\\.be)/'`,
    );
    await page.route(/youtube\.com|youtu\.be/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>player</title>' }),
    );
    await page.goto(siteUrl('werribee-isuzu-ute', `/cars/${car.slug}`));
    await page.waitForLoadState('load');
    const players = page.locator('iframe[src*="youtube"], iframe[src*="youtu.be"]');
    const keyInfo = page.locator('section[aria-labelledby="key-info"]');
    // The first carousel is the photos' (the similar vehicles' comes later).
    const gallery = page.locator('[aria-roledescription="carousel"]').first();
    await keyInfo.getByRole('button', { name: `Play video: ${car.name}` }).click();
    await expect(keyInfo.locator('iframe')).toHaveCount(1);

    // The shopper then opens the gallery's video slide: it offers Play, and adds no second player.
    const videoThumbnail = page.getByRole('list', { name: 'Thumbnails' }).getByRole('button', { name: /^Video/ });
    // Its label fits its button (it read 'Vid', overflowing into a strip that scrolled past its
    // last thumbnail), and the shopper presses it once it is in view, as they would.
    await videoThumbnail.scrollIntoViewIfNeeded();
    await expect(videoThumbnail).toBeInViewport({ ratio: 1 });
    expect(await videoThumbnail.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
    await videoThumbnail.click();
    await expect(videoThumbnail).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('gallery-counter')).toHaveText(`${car.images + 1} / ${car.images + 1}`);
    const galleryPlay = gallery.getByRole('button', { name: `Play video: ${car.name}` });
    await expect(galleryPlay).toBeVisible();
    await expect(players).toHaveCount(1);

    // Playing it there stops the key information's player, which offers Play again.
    await galleryPlay.click();
    await expect(gallery.locator('iframe')).toHaveCount(1);
    await expect(players).toHaveCount(1);
    await expect(keyInfo.getByRole('button', { name: `Play video: ${car.name}` })).toBeVisible();
  });

  test('gallery thumbnails are at least 44 px touch targets on a phone, and stay so on a desktop', async ({ page }) => {
    // Werribee's cars carry up to 12 photos, which squeezed to about 28 px wide at 390 px.
    const SITE_WITH_MANY = 'werribee-isuzu-ute';
    const car = await oneCarWhere(
      SITE_WITH_MANY,
      `${IN_STOCK} AND jsonb_array_length(c.data->'images') >= 12 AND c.data->>'video_url' IS NULL`,
    );
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const [width, height] of [
      [390, 844],
      [1366, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(siteUrl(SITE_WITH_MANY, `/cars/${car.slug}`));
      const thumbnails = page.getByRole('list', { name: 'Thumbnails' }).getByRole('button');
      await expect(thumbnails).toHaveCount(car.images);
      const boxes = await thumbnails.evaluateAll((buttons) =>
        buttons.map((button) => {
          const box = button.getBoundingClientRect();
          return { width: Math.round(box.width), height: Math.round(box.height) };
        }),
      );
      for (const box of boxes) {
        expect(box.width, `thumbnail width at ${width}x${height}`).toBeGreaterThanOrEqual(44);
        expect(box.height, `thumbnail height at ${width}x${height}`).toBeGreaterThanOrEqual(44);
      }
      // The strip scrolls within the gallery rather than pushing past the screen's edge.
      const strip = await page.getByRole('list', { name: 'Thumbnails' }).boundingBox();
      expect(strip!.x + strip!.width).toBeLessThanOrEqual(width);
      // The last thumbnail can be reached and chosen.
      await thumbnails.last().click();
      await expect(page.getByTestId('gallery-counter')).toHaveText(`${car.images} / ${car.images}`);
      await page.getByRole('list', { name: 'Thumbnails' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/gallery/werribee-thumbnails-${width}x${height}.png` });
    }
    expect(errors).toEqual([]);
  });

  test('a car with 3 images or fewer has no thumbnails', async ({ page }) => {
    const car = await oneCarWhere(SITE, `${IN_STOCK} AND jsonb_array_length(c.data->'images') BETWEEN 2 AND 3`);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    await expect(page.getByTestId('gallery-counter')).toHaveText(`1 / ${car.images}`);
    await expect(page.getByRole('list', { name: 'Thumbnails' })).toHaveCount(0);
  });

  test('a sold car still listed shows the SOLD message and Find Me Something Similar instead of price and buttons', async ({
    page,
  }) => {
    const car = await oneCarWhere(SITE, `c.status = 'sold' AND c.listed_until > now()`);
    const response = await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    expect(response?.status()).toBe(200);
    const sold = page.getByTestId('sold-message');
    await expect(sold).toContainText('SOLD');
    await expect(sold).toContainText('This vehicle has recently sold.');
    await expect(sold.getByRole('link', { name: 'Find Me Something Similar' })).toBeVisible();
    await expect(page.getByTestId('vehicle-price')).toHaveCount(0);
    await expect(page.getByTestId('phone-reveal')).toHaveCount(0);

    await sold.getByRole('link', { name: 'Find Me Something Similar' }).click();
    await expect(page.getByRole('dialog', { name: 'Find Me Something Similar' })).toBeVisible();
  });

  test('a sold car past its listing window answers noindex with the SOLD message; an unknown slug is a 404', async ({
    page,
  }) => {
    const car = await oneCarWhere(SITE, `c.status = 'sold' AND c.listed_until < now()`);
    const response = await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByTestId('sold-message')).toContainText('This vehicle has recently sold.');
    await expect(page.getByRole('heading', { name: 'Similar Vehicles' })).toBeVisible();

    const missing = await page.goto(siteUrl(SITE, '/cars/no-such-car-zz99999'));
    expect(missing?.status()).toBe(404);
  });

  test('SEO: JSON-LD Car, canonical URL and Open Graph image', async ({ page }) => {
    const car = await oneCarWhere(SITE, `${IN_STOCK} AND c.price > 10 AND jsonb_array_length(c.data->'images') > 0`);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    await expect(page).toHaveTitle(new RegExp(car.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', siteUrl(SITE, `/cars/${car.slug}`));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/media\//);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(data['@type']).toBe('Car');
    expect((data['offers'] as { price: number }).price).toBe(car.price);
  });

  test('phone reveal unmasks the number and reports the reveal', async ({ page }) => {
    const car = await oneCarWhere(SITE, IN_STOCK);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    const masked = page.getByTestId('phone-reveal');
    await expect(masked).toContainText(/^\d\d \d{3}X XXXX/);
    const report = page.waitForResponse(
      (r) => r.url().endsWith(`/cars/${car.slug}/phone-reveal`) && r.request().method() === 'POST',
    );
    await masked.click();
    expect((await report).status()).toBe(202);
    await expect(page.getByTestId('phone-number')).toHaveText(/^0\d \d{4} \d{4}$/);
    await expect(page.getByTestId('phone-number')).toHaveAttribute('href', /^tel:0\d{9}$/);
  });

  test('opening the page counts a view; a fresh page has nothing to refresh', async ({ page }) => {
    const car = await oneCarWhere(SITE, IN_STOCK);
    const view = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/cars/${car.slug}/view.json`);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    const response = await view;
    expect(response.status()).toBe(200);
    const query = new URL(response.url()).searchParams;
    expect(query.get('website_id')).toMatch(/^\d+$/);
    expect(Date.parse(query.get('updated_at') ?? '')).not.toBeNaN();
    const body = (await response.json()) as { views: number; car_fields: Record<string, unknown> };
    expect(body.views).toBeGreaterThanOrEqual(1);
    expect(body.car_fields).toEqual({});
  });

  test('a page older than the car refreshes itself from the server', async ({ page }) => {
    const car = await oneCarWhere(SITE, IN_STOCK);
    // The API answers car_fields when the page's copy is older than the car; stand in for a car
    // changed since this page was rendered.
    await page.route(`**/api/cars/${car.slug}/view.json?*`, (route) =>
      route.fulfill({ json: { views: 1, car_fields: { price: 1 } } }),
    );
    const refresh = page.waitForRequest(
      (request) => new URL(request.url()).pathname === `/cars/${car.slug}` && request.headers()['rsc'] === '1',
    );
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    await refresh;
  });

  test('forwarded host and scheme headers never reach canonical, og:url or structured data', async ({ page }) => {
    const car = await oneCarWhere(SITE, IN_STOCK);
    await page.setExtraHTTPHeaders({ 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'javascript' });
    const response = await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('javascript://');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://${SITE}\\.localhost:\\d+/cars/${car.slug}"`));
  });

  test('a javascript: or data: image stored with a car never reaches the page', async ({ page }) => {
    const { slug, restore } = await storeCarImages(SITE, [
      { url: 'javascript:alert(1)', thumb: { url: 'javascript:alert(1)' } },
      { url: 'data:image/svg+xml;base64,PHN2Zz4=', thumb: { url: 'data:image/svg+xml;base64,PHN2Zz4=' } },
      { url: '/media/demo/suv-1.svg', thumb: { url: 'javascript:alert(2)' } },
    ]);
    try {
      const response = await page.goto(siteUrl(SITE, `/cars/${slug}`));
      const html = (await response?.text()) ?? '';
      expect(html).toContain('/media/demo/suv-1.svg');
      expect(html).not.toMatch(/javascript:|data:image/);
      await expect(page.getByTestId('gallery-slide')).toHaveCount(1);
    } finally {
      await restore();
    }
  });

  test('finance calculator output equals the libs/domain maths and clamps out-of-range values', async ({
    page,
    request,
  }) => {
    const car = await oneCarWhere(SITE, `${IN_STOCK} AND c.price > 5000 AND c.make <> 'Suzuki'`);
    const answer = (await (await request.get(`${API_ORIGIN}/api/sites/${SITE}/cars/${car.slug}`)).json()) as {
      config: { finance: { fees: FinanceFee[]; interest_min: number; interest_max: number } };
    };
    const { fees, interest_min, interest_max } = answer.config.finance;
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    const panel = page.locator('#finance-calculator');
    await expect(panel).toBeVisible();
    const money = (n: number) =>
      new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2 }).format(n);

    const cases = [
      { price: 30000, deposit: 5000, residual: 0, term: 5, interest: 10, frequency: 'week' as const, label: 'Weekly' },
      {
        price: 45990,
        deposit: 0,
        residual: 10000,
        term: 3,
        interest: 7.5,
        frequency: 'month' as const,
        label: 'Monthly',
      },
      {
        price: 18500,
        deposit: 2000,
        residual: 0,
        term: 7,
        interest: 12,
        frequency: 'fortnight' as const,
        label: 'Fortnightly',
      },
    ];
    for (const c of cases) {
      await panel.getByLabel('Purchase price').fill(String(c.price));
      await panel.getByLabel('Term (years)').fill(String(c.term));
      await panel.getByLabel('Interest rate (%)').fill(String(c.interest));
      await panel.getByLabel('Deposit or trade-in').fill(String(c.deposit));
      await panel.getByLabel('Residual').fill(String(c.residual));
      await panel.getByLabel(c.label).check();
      const expected = financeRepayment({
        price: c.price,
        deposit: c.deposit,
        residual: c.residual,
        termYears: c.term,
        interestPercent: c.interest,
        frequency: c.frequency,
        fees,
      });
      // Weekly in whole dollars, rounded up; fortnightly and monthly to the cent (spec 001 §9).
      await expect(panel.getByTestId('finance-repayment')).toHaveText(
        formatRepayment(shownRepayment(expected.payment, c.frequency), c.frequency),
      );
      if (c.frequency === 'week') await expect(panel.getByTestId('finance-repayment')).toHaveText(/^\$[\d,]+$/);
      await expect(panel.getByTestId('finance-total')).toHaveText(money(expected.totalPayable));
    }

    await panel.getByLabel('Interest rate (%)').fill('99');
    await expect(panel.getByText(`Cannot be less than ${interest_min} or more than ${interest_max}`)).toBeVisible();
    const clamped = financeRepayment({
      price: 18500,
      deposit: 2000,
      residual: 0,
      termYears: 7,
      interestPercent: interest_max,
      frequency: 'fortnight',
      fees,
    });
    await expect(panel.getByTestId('finance-repayment')).toHaveText(money(clamped.payment));

    await panel.getByLabel('Deposit or trade-in').fill('18500');
    await expect(panel.getByTestId('finance-repayment')).toHaveText('Enquire for Finance');
    await expect(panel.getByTestId('finance-total')).toHaveText('');
    // Dollar fields are price inputs (spec 001 §5): '$' and separators once the shopper moves on.
    await panel.getByLabel('Deposit or trade-in').blur();
    await expect(panel.getByLabel('Deposit or trade-in')).toHaveValue('$18,500');
    await panel.getByLabel('Deposit or trade-in').fill('$12,000');
    await panel.getByLabel('Deposit or trade-in').blur();
    await expect(panel.getByLabel('Deposit or trade-in')).toHaveValue('$12,000');
  });

  test('deposit or trade-in and residual take steps of 0.5: 1000.50 is read, not reset to $0', async ({
    page,
    request,
  }) => {
    const car = await oneCarWhere(SITE, `${IN_STOCK} AND c.price > 5000 AND c.make <> 'Suzuki'`);
    const answer = (await (await request.get(`${API_ORIGIN}/api/sites/${SITE}/cars/${car.slug}`)).json()) as {
      config: { finance: { fees: FinanceFee[] } };
    };
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    const panel = page.locator('#finance-calculator');
    await panel.getByLabel('Purchase price').fill('30000');
    await panel.getByLabel('Term (years)').fill('5');
    await panel.getByLabel('Interest rate (%)').fill('10');
    await panel.getByLabel('Monthly').check();
    await panel.getByLabel('Deposit or trade-in').fill('1000.50');
    await panel.getByLabel('Residual').fill('$2,000.50');
    const expected = financeRepayment({
      price: 30000,
      deposit: 1000.5,
      residual: 2000.5,
      termYears: 5,
      interestPercent: 10,
      frequency: 'month',
      fees: answer.config.finance.fees,
    });
    await expect(panel.getByTestId('finance-repayment')).toHaveText(formatRepayment(expected.display!, 'month'));
    await panel.getByLabel('Deposit or trade-in').blur();
    await expect(panel.getByLabel('Deposit or trade-in')).toHaveValue('$1,000.50');
    await expect(panel.getByLabel('Deposit or trade-in')).not.toHaveAttribute('aria-invalid', 'true');
    await panel.getByLabel('Residual').blur();
    await expect(panel.getByLabel('Residual')).toHaveValue('$2,000.50');
    await expect(panel.getByText(/^Cannot be less than/)).toHaveCount(0);
    await expect(panel.getByTestId('finance-repayment')).toHaveText(formatRepayment(expected.display!, 'month'));
  });

  test("the calculator opens on the teaser's loan, lists the fees in its repayment and says when it moved a typed rate", async ({
    page,
    request,
  }) => {
    type Answer = {
      derived: { finance_teaser: { eligible: boolean; interestRate?: number; termYears?: number | null } };
      config: { finance: { fees: { label: string; amount: number }[]; interest_min: number; interest_max: number } };
    };
    const candidates = await carsWhere(SITE, `${IN_STOCK} AND c.price > 5000 AND c.make <> 'Suzuki'`, 40);
    let found: { slug: string; answer: Answer } | null = null;
    for (const car of candidates) {
      const answer = (await (await request.get(`${API_ORIGIN}/api/sites/${SITE}/cars/${car.slug}`)).json()) as Answer;
      if (answer.derived.finance_teaser.eligible) {
        found = { slug: car.slug, answer };
        break;
      }
    }
    if (!found) throw new Error('no demo car with a finance teaser');
    const { derived, config } = found.answer;
    await page.goto(siteUrl(SITE, `/cars/${found.slug}`));
    await expect(page.getByTestId('finance-teaser')).toContainText(`${derived.finance_teaser.interestRate}% p.a.`);
    // The comparison rate never stands without the regulatory warning (spec 001 §9).
    await expect(page.getByTestId('finance-teaser')).toContainText(
      'Comparison rate calculated on a secured loan of $30,000 over a term of 5 years. WARNING:',
    );
    const panel = page.locator('#finance-calculator');
    await expect(panel.getByLabel('Interest rate (%)')).toHaveValue(String(derived.finance_teaser.interestRate));
    for (const fee of config.finance.fees.filter((f) => f.amount > 0))
      await expect(panel.getByText(new RegExp(`^${fee.label}:`))).toBeVisible();

    await panel.getByLabel('Interest rate (%)').fill('0');
    await panel.getByLabel('Interest rate (%)').blur();
    await expect(panel.getByLabel('Interest rate (%)')).toHaveValue(String(config.finance.interest_min));
    // The help text stays after the value moved, so the change is never silent.
    await expect(
      panel.getByText(`Cannot be less than ${config.finance.interest_min} or more than ${config.finance.interest_max}`),
    ).toBeVisible();
  });

  test('the enquiry submits through the steps and lands on /success with a lead stored', async ({ page }) => {
    const car = await oneCarWhere(SITE, IN_STOCK);
    const since = new Date(Date.now() - 1000);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    await page
      .locator('aside')
      .getByRole('link', { name: /^Enquire/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(/Message/)).toHaveValue(new RegExp(car.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await dialog.getByRole('button', { name: 'Next' }).click();

    await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(dialog.getByText('Please fix the following errors:')).toBeVisible();
    await expect(dialog.getByText('*You must agree to the terms of use before submitting.').first()).toBeVisible();

    await dialog.getByLabel(/^Name/).fill('Jane Citizen');
    await dialog.getByLabel(/^Email/).fill('jane.vehicle@example.com');
    await dialog.getByLabel('I agree to the terms of use').check();
    await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(page).toHaveURL(siteUrl(SITE, '/success'));

    await expect.poll(async () => (await leadsFor(car.id, since)).length).toBe(1);
    const [lead] = await leadsFor(car.id, since);
    expect(lead?.form).toBe('vehicle');
    expect(lead?.fields).toMatchObject({ car_id: car.id, 'Vehicle Make': car.make, opt_in: true });
  });

  test('delivery calculator messages', async ({ page }) => {
    const site = 'northside-used-cars';
    const car = await oneCarWhere(site, IN_STOCK);
    await page.goto(siteUrl(site, `/cars/${car.slug}`));
    // This site's marketing popup opens over the page until dismissed.
    const popup = page.getByRole('dialog', { name: 'We want your car' });
    await popup.waitFor({ state: 'visible', timeout: 5000 }).then(
      () => page.keyboard.press('Escape'),
      () => undefined,
    );
    await expect(popup).toBeHidden();
    const panel = page.getByRole('region', { name: 'Delivery Calculator' });
    await panel.getByRole('button', { name: 'Calculate' }).click();
    await expect(panel.getByText('Please enter a postcode')).toBeVisible();
    await panel.getByLabel('Postcode').fill('6000');
    await panel.getByRole('button', { name: 'Calculate' }).click();
    await expect(
      panel.getByText(
        "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
      ),
    ).toBeVisible();
    await panel.getByLabel('Postcode').fill('4031');
    await panel.getByRole('button', { name: 'Calculate' }).click();
    await expect(panel.getByTestId('delivery-quote')).toContainText('Estimated delivery to postcode 4031 (about');
  });

  test('every call link reports event 25, each calculator its first use as event 26, and the reveal names the car', async ({
    page,
  }) => {
    const site = 'northside-used-cars';
    const car = await oneCarWhere(site, `${IN_STOCK} AND coalesce(c.simple_fuel, '') <> 'Electric'`);
    const events: { event_id: number; car_id?: number }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/sites/${site}/events`))
        events.push(request.postDataJSON() as { event_id: number; car_id?: number });
    });
    await page.goto(siteUrl(site, `/cars/${car.slug}`));
    const popup = page.getByRole('dialog', { name: 'We want your car' });
    await popup.waitFor({ state: 'visible', timeout: 5000 }).then(
      () => page.keyboard.press('Escape'),
      () => undefined,
    );
    // The browser would hand tel: to a dialler; the test only needs the click.
    await page.evaluate(() =>
      window.addEventListener('click', (event) => {
        if (event.target instanceof Element && event.target.closest('a[href^="tel:"]')) event.preventDefault();
      }),
    );

    const reveal = page.waitForRequest((request) => request.url().includes('/phone-reveal'));
    await page.getByTestId('phone-reveal').click();
    expect((await reveal).postDataJSON()).toEqual({
      car_id: car.id,
      dealership_id: expect.any(Number),
      website_id: expect.any(Number),
    });
    await page.getByTestId('phone-number').click();
    await expect
      .poll(() => events.filter((e) => e.event_id === 25))
      .toEqual([{ event_id: 25, car_id: car.id, url: expect.any(String) }]);

    const fuel = page.getByRole('region', { name: 'Fuel Calculator' });
    await fuel.getByLabel('Fuel price (per L)').fill('2.10');
    await fuel.getByLabel('Fuel economy (L/100km)').fill('8');
    await expect.poll(() => events.filter((e) => e.event_id === 26).length).toBe(1);
    await page.getByRole('region', { name: 'Delivery Calculator' }).getByLabel('Postcode').fill('4031');
    await expect.poll(() => events.filter((e) => e.event_id === 26).length).toBe(2);
    expect(events.filter((e) => e.event_id === 26).every((e) => e.car_id === car.id)).toBe(true);
  });

  test('the phone reveal, sharing, print, trade-in and reserve report events 4, 18, 60, 61 and 49 with the car', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const car = await oneCarWhere(
      SITE,
      `${IN_STOCK} AND NOT c.reserved AND c.price > 1000 AND COALESCE(c.tag, '') <> 'Test Drive Only'`,
    );
    const events: { event_id: number; car_id?: number }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/sites/${SITE}/events`))
        events.push(request.postDataJSON() as { event_id: number; car_id?: number });
    });
    const reported = (id: number) => events.filter((e) => e.event_id === id).map((e) => e.car_id);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));

    await page.getByTestId('phone-reveal').click();
    await expect.poll(() => reported(4)).toEqual([car.id]);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => reported(18)).toEqual([car.id, car.id]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print as PDF' }).click();
    await download;
    await expect.poll(() => reported(60)).toEqual([car.id]);

    await page.getByRole('link', { name: 'Trade-In Valuation' }).first().click();
    await expect.poll(() => reported(61)).toEqual([car.id]);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    await page
      .getByRole('complementary', { name: 'Price and enquiry' })
      .getByRole('link', { name: /^Reserve Now/ })
      .click();
    await expect.poll(() => reported(49)).toEqual([car.id]);
  });

  test('Show All Specs opens and closes over 300 ms, and at once when the shopper asks for reduced motion', async ({
    page,
  }) => {
    const car = await oneCarWhere(SITE, IN_STOCK);
    // Every animation the page starts is recorded with its duration, so a slow machine that has
    // finished a 300 ms animation before the test looks still shows it was asked for.
    await page.addInitScript(() => {
      const started: number[] = [];
      (window as unknown as { animationDurations: number[] }).animationDurations = started;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (keyframes, options) {
        started.push(typeof options === 'number' ? options : Number(options?.duration));
        return animate.call(this, keyframes, options);
      };
    });
    const durations = () =>
      page.evaluate(() => (window as unknown as { animationDurations: number[] }).animationDurations);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    const specs = page.getByRole('region', { name: 'All Specifications' });
    await specs.getByRole('button', { name: 'Show All Specs' }).click();
    await expect(specs.getByRole('button', { name: 'Hide Specs' })).toHaveAttribute('aria-expanded', 'true');
    expect(await durations()).toContain(300);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await specs.getByRole('button', { name: 'Show All Specs' }).click();
    await expect(specs.getByRole('button', { name: 'Hide Specs' })).toBeVisible();
    expect(await durations()).not.toContain(300);
  });

  test('the demo shows the optional media and prices: an interior view, and subscription prices where a site offers them', async ({
    page,
  }) => {
    const spun = await oneCarWhere(SITE, `${IN_STOCK} AND c.data->>'spin_interior_image' IS NOT NULL`);
    await page.goto(siteUrl(SITE, `/cars/${spun.slug}`));
    const view = page.getByRole('group', { name: 'View' });
    await view.getByRole('button', { name: '360° Spin' }).click();
    await view.getByRole('button', { name: 'Interior' }).click();
    await expect(view.getByRole('button', { name: 'Interior' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('img[src*="interior-1.svg"]').first()).toBeVisible();

    const site = 'werribee-isuzu-ute';
    const subscribed = await oneCarWhere(site, `${IN_STOCK} AND (c.subscription_price > 0)`);
    await page.goto(siteUrl(site, `/cars/${subscribed.slug}`));
    await expect(page.getByTestId('vehicle-price')).toHaveText(/^\$[\d,]+\/wk$/);
  });

  test('with the impel flag, the 360 tab opens the external viewer; without it, the car frames; with neither, no tab', async ({
    page,
  }) => {
    const site = 'werribee-isuzu-ute';
    const car = await oneCarWhere(site, `${IN_STOCK} AND c.data->>'spin_code' IS NOT NULL`);
    const view = page.getByRole('group', { name: 'View' });
    await page.goto(siteUrl(site, `/cars/${car.slug}`));
    await view.getByRole('button', { name: '360° Spin' }).click();
    const external = page.locator('[data-spin-viewer="local"]');
    await expect(external).toBeVisible();
    // A key stops the turning; left then right comes back to the same frame.
    await external.focus();
    await page.keyboard.press('ArrowRight');
    const frame = await external.getAttribute('data-frame');
    await page.keyboard.press('ArrowLeft');
    await expect(external).not.toHaveAttribute('data-frame', frame ?? '');
    await page.keyboard.press('ArrowRight');
    await expect(external).toHaveAttribute('data-frame', frame ?? '');

    // The viewer script cannot load: the car's own frames, logged only.
    await page.route('**/spin-viewer.js', (route) => route.abort());
    await page.reload();
    await view.getByRole('button', { name: '360° Spin' }).click();
    await expect(page.getByTestId('spin-viewer')).toBeVisible();
    await expect(external).toHaveCount(0);

    // No viewer and no frames: the tab goes rather than stay empty.
    const restore = await setCarData(car.id, 'spin_images', null);
    try {
      await page.reload();
      await view.getByRole('button', { name: '360° Spin' }).click();
      await expect(page.getByRole('button', { name: '360° Spin' })).toHaveCount(0);
      await expect(page.getByTestId('gallery-slide').first()).toBeVisible();
    } finally {
      await restore();
    }
  });

  test("a used car with its lender's disclaimer shows it under the calculator, opening in full with Show More", async ({
    page,
    request,
  }) => {
    const site = 'northside-used-cars';
    const candidates = await carsWhere(
      site,
      `${IN_STOCK} AND c.car_type = 'used' AND length(c.data #>> '{finance_lenders,360_finance,disclaimer}') > 197`,
      5,
    );
    expect(candidates.length).toBeGreaterThan(0);
    await dismissPopupsOf(page, request, site);
    await page.goto(siteUrl(site, `/cars/${candidates[0]!.slug}`));
    const disclaimer = page.getByRole('region', { name: 'Finance disclaimer' });
    await expect(disclaimer).toBeVisible();
    const shortText = await disclaimer.locator('p').first().textContent();
    await disclaimer.getByRole('button', { name: 'Show More' }).click();
    await expect(disclaimer.getByRole('button', { name: 'Show Less' })).toBeVisible();
    expect(((await disclaimer.locator('p').first().textContent()) ?? '').length).toBeGreaterThan(
      shortText?.length ?? 0,
    );
  });

  test('the price gauge is hidden at low confidence and shown otherwise', async ({ page, request }) => {
    const candidates = await carsWhere(SITE, `${IN_STOCK} AND c.price > 10`, 80);
    let low: string | null = null;
    let good: string | null = null;
    for (const car of candidates) {
      const response = await request.get(`${API_ORIGIN}/api/cars/${car.slug}/autogauge`);
      if (!response.ok()) continue;
      const gauge = (await response.json()) as {
        confidence: number;
        market_range_min: number;
        market_range_max: number;
        listing_price: number;
      };
      if (gauge.confidence <= 0.2) low ??= car.slug;
      // At or below the market average, where the card names the deal (above it, see vehicle-figures.spec.ts).
      else if (gauge.listing_price <= (gauge.market_range_min + gauge.market_range_max) / 2) good ??= car.slug;
      if (low && good) break;
    }
    expect(low, 'a demo car with a low-confidence gauge').not.toBeNull();
    await page.goto(siteUrl(SITE, `/cars/${low}`));
    await expect(page.getByRole('heading', { name: 'Similar Vehicles' })).toBeVisible();
    await expect(page.getByTestId('price-gauge')).toHaveCount(0);
    if (good) {
      await page.goto(siteUrl(SITE, `/cars/${good}`));
      await expect(page.getByTestId('price-gauge')).toBeVisible();
      await expect(page.getByTestId('price-gauge')).toContainText(/Good Deal|Great Deal/);
    }
  });

  test('print downloads {slug}.pdf', async ({ page }) => {
    const car = await oneCarWhere(SITE, IN_STOCK);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print as PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${car.slug}.pdf`);
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile((await file.path()) as string);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('copy link reads Copied, and the clipboard toast names the car', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const car = await oneCarWhere(SITE, IN_STOCK);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(siteUrl(SITE, `/cars/${car.slug}`));
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 3000 });
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByTestId('toast')).toContainText(`Copied ${car.name} to your clipboard!`);
  });
});
