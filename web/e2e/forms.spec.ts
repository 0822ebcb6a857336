import { expect, test } from '@playwright/test';
import { anInStockCar, aValuableVehicle } from './database';
import { dismissPopupsOf } from './demo-sites';
import { siteUrl } from './e2e-env';

const GROUP = 'harbour-motor-group';
const USED = 'northside-used-cars';

test.describe('finance form', () => {
  test('is prefilled from the query, lists its errors, submits and lands on /success', async ({ page }) => {
    const car = await anInStockCar(GROUP);
    await page.goto(
      siteUrl(
        GROUP,
        `/finance?preferredDealership=harbour-mazda-newcastle&vehiclePriceBudget=35000&car_id=${car.id}&car_type=used#finance-form`,
      ),
    );
    const form = page.locator('form#finance-form');
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Preferred dealership')).toHaveValue('harbour-mazda-newcastle');
    await expect(form.getByLabel('Vehicle price budget ($)')).toHaveValue('$35,000');
    // Spec 001 §5: amounts take separators and a $ as the shopper leaves the field, and still submit.
    await form.getByLabel('Deposit or trade-in ($)').fill('5000');
    await form.getByLabel('Deposit or trade-in ($)').blur();
    await expect(form.getByLabel('Deposit or trade-in ($)')).toHaveValue('$5,000');

    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Please fix the following errors:')).toBeVisible();
    await expect(form.getByText('*You must agree to the terms of use before submitting.').first()).toBeVisible();

    await form.getByLabel('Name').fill('Jane Citizen');
    await form.getByLabel('Email').fill('jane@example.com');
    await form.getByLabel('Mobile').fill('0412 345 678');
    await form.getByLabel(/^Message/).fill('Finance for the car I am looking at, please.');
    await form.getByLabel('I agree to the terms of use').check();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(siteUrl(GROUP, '/success'));
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  });

  test("a submission that fails on the way says so in the spec's words (network failure, then server failure)", async ({
    page,
  }) => {
    await page.goto(siteUrl(GROUP, '/finance#finance-form'));
    const form = page.locator('form#finance-form');
    await form.getByLabel('Name').fill('Jane Citizen');
    await form.getByLabel('Email').fill('jane@example.com');
    await form.getByLabel('Mobile').fill('0412 345 678');
    await form.getByLabel(/^Message/).fill('Finance, please.');
    await form.getByLabel('I agree to the terms of use').check();
    await page.route('**/api/sites/*/leads', (route) => route.abort('connectionreset'));
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert')).toHaveText('An error occurred when submitting this form');
    await expect(page).toHaveURL(/\/finance/);

    await page.unroute('**/api/sites/*/leads');
    await page.route('**/api/sites/*/leads', (route) => route.fulfill({ status: 503, body: 'down' }));
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert')).toHaveText('An error occurred when submitting this form');
  });

  test('a site with its own finance path receives /finance and its query there', async ({ page }) => {
    await page.goto(siteUrl(USED, '/finance?vehiclePriceBudget=12000'));
    await expect(page).toHaveURL(siteUrl(USED, '/apply-for-finance?vehiclePriceBudget=12000'));
    await expect(page.locator('form#finance-form').getByLabel('Vehicle price budget ($)')).toHaveValue('$12,000');
  });
});

test.describe('finance calculator, slider variant on the finance page', () => {
  test('the amount slider stops at 100000 and the typed amount clamps with the message', async ({ page }) => {
    await page.goto(siteUrl(GROUP, '/finance'));
    const calculator = page.locator('#finance-calculator');
    const slider = calculator.getByRole('slider', { name: 'Purchase price slider' });
    await expect(slider).toHaveAttribute('max', '100000');
    await slider.focus();
    await page.keyboard.press('End');
    await expect(calculator.getByLabel('Purchase price', { exact: true })).toHaveValue('$100,000');
    await calculator.getByLabel('Purchase price', { exact: true }).fill('150000');
    await expect(calculator.getByText('Cannot be less than', { exact: false })).toBeVisible();
    await expect(calculator.getByTestId('finance-repayment')).not.toHaveText('');
  });

  test('on a site whose slider follows the price, a budget above 100000 sets the maximum to 1.05 times it', async ({
    page,
    request,
  }) => {
    await dismissPopupsOf(page, request, USED);
    await page.goto(siteUrl(USED, '/apply-for-finance?vehiclePriceBudget=120000'));
    const slider = page.locator('#finance-calculator').getByRole('slider', { name: 'Purchase price slider' });
    await expect(slider).toHaveAttribute('max', '126000');
    await expect(slider).toHaveValue('120000');
  });
});

test.describe('trade-in and service pages', () => {
  // Northside shows a popup until it is dismissed; these tests are about the page under it.
  test.beforeEach(async ({ page, request }) => {
    await dismissPopupsOf(page, request, USED);
  });

  test('the value-my-car FAQ opens and closes, and the rego state defaults to the site state', async ({ page }) => {
    await page.goto(siteUrl(USED, '/sell-your-car'));
    await expect(page.getByLabel('Rego state')).toHaveValue('QLD');
    const question = page.getByRole('button', { name: 'How do I get an instant estimate range for my car?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/over 10 years old or with more than 100,000 km/)).toBeVisible();
  });

  test('the trade-in kilometres take separators and show kms', async ({ page }) => {
    await page.goto(siteUrl(GROUP, '/trade-in'));
    const km = page.locator('form#trade-in-form').getByLabel('Kilometres');
    await km.fill('87654');
    await km.blur();
    await expect(km).toHaveValue('87,654');
    await expect(page.locator('form#trade-in-form').getByText('kms', { exact: true })).toBeVisible();
  });

  test('a trade-in with condition answers shows its estimate range and validity, and the estimate can be accepted', async ({
    page,
  }) => {
    const vehicle = await aValuableVehicle();
    await page.goto(siteUrl(GROUP, '/trade-in'));
    const form = page.locator('form#trade-in-form');
    await form.getByLabel('First name').fill('Jo');
    await form.getByLabel('Last name').fill('Citizen');
    await form.getByLabel('Postcode').fill('2000');
    await form.getByLabel(/^Mobile/).fill('0412 345 678');
    await form.getByLabel(/^Email/).fill('jo.tradein@example.com');
    await form.getByLabel('Make').fill(vehicle.make);
    await form.getByLabel('Model').fill(vehicle.model);
    await form.getByLabel('Year').fill(String(vehicle.year));
    await form.getByLabel('Kilometres').fill(String(vehicle.km));
    await form.getByLabel('Overall condition').selectOption('Good');
    await form.getByLabel('Any accident damage?').selectOption('No');
    await form.getByRole('button', { name: 'Value My Car' }).click();

    await expect(page).toHaveURL(/\/success$/);
    const estimate = page.getByTestId('trade-in-estimate');
    await expect(estimate).toContainText(/\$[\d,]+ to \$[\d,]+/);
    await expect(estimate).toContainText(/This estimate is valid until \w+day,? \d{1,2} \w+ \d{4}\./);
    await estimate.getByRole('button', { name: 'Accept this estimate' }).click();
    await expect(page.getByText('Your acceptance of the trade-in estimate has been sent.')).toBeVisible();
  });

  test('the service page preselects the location from the query', async ({ page }) => {
    await page.goto(siteUrl(GROUP, '/service?location=harbour-mazda-newcastle-service'));
    await expect(page.getByLabel('Location')).toHaveValue('harbour-mazda-newcastle-service');
    await expect(page.getByLabel('Dealership')).toHaveValue('harbour-mazda-newcastle');
    await expect(page.getByRole('link', { name: 'Harbour Toyota Homebush' })).toBeVisible();
  });
});

test.describe('popup', () => {
  test('stays dismissed after a reload', async ({ page }) => {
    await page.goto(siteUrl(USED, '/'));
    const popup = page.getByRole('dialog', { name: 'We want your car' });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(popup).toBeHidden();
  });

  test('never shows after its expiry date', async ({ page }) => {
    await page.clock.install({ time: new Date('2027-07-01T02:00:00+10:00') });
    await page.goto(siteUrl(USED, '/'));
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'We want your car' })).toBeHidden();
  });
});

test.describe('configured routes', () => {
  test('answer with a content page instead of a 404', async ({ page }) => {
    for (const [path, title] of [
      ['/about-us', 'About Us'],
      ['/value-my-car-terms-and-conditions', 'Value My Car Terms and Conditions'],
      ['/capped-price-servicing', 'Enjoy peace of mind with no surprises in your servicing costs'],
    ]) {
      const response = await page.goto(siteUrl(USED, path));
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    }
  });

  test('a gated route sends a signed-out shopper to sign in', async ({ page }) => {
    await page.goto(siteUrl(GROUP, '/my-garage'));
    await expect(page).toHaveURL(/\/sign-in\?type=[^&]+&redirect=%2Fmy-garage/);
  });
});
