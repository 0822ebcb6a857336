import { expect, test, type Page } from '@playwright/test';
import { dismissPopupsOf, fetchSiteConfig } from './demo-sites';
import { siteUrl } from './e2e-env';
import { oneCarWhere } from './vehicle-data';

/** Harbour turns the chat on (the platform's own chat); Werribee leaves it off. */
const CHAT_ON = 'harbour-motor-group';
const CHAT_OFF = 'werribee-isuzu-ute';

async function boxOf(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not drawn`);
  return box;
}

test.describe('chat launcher', () => {
  test('follows the bottom bar: low while the bar is closed, above it while open, and back down (spec 000 §4, 001 §4)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await dismissPopupsOf(page, request, CHAT_ON);
    const car = await oneCarWhere(CHAT_ON, `c.status = 'in_stock'`);
    await page.goto(siteUrl(CHAT_ON, `/cars/${car.slug}`));

    const launcher = page.getByRole('button', { name: 'Chat with us' });
    await expect(launcher).toBeVisible();
    await expect(page.getByTestId('chat-launcher')).toHaveAttribute('data-bar', 'closed');
    const closed = await boxOf(page, 'chat-launcher');
    expect(844 - (closed.y + closed.height)).toBeLessThan(40);

    await page.evaluate(() => window.scrollTo(0, 1400));
    await expect(page.getByTestId('bottom-bar')).toHaveAttribute('data-open', 'true');
    await expect(page.getByTestId('chat-launcher')).toHaveAttribute('data-bar', 'open');
    // Once the bar has slid in, the launcher sits wholly above it: never covering its buttons.
    await expect
      .poll(async () => {
        const [bubble, bar] = [await boxOf(page, 'chat-launcher'), await boxOf(page, 'bottom-bar')];
        return bubble.y + bubble.height <= bar.y;
      })
      .toBe(true);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId('chat-launcher')).toHaveAttribute('data-bar', 'closed');
    await expect.poll(async () => 844 - ((await boxOf(page, 'chat-launcher')).y + 56)).toBeLessThan(40);
  });

  test("never covers the car page's sidebar: at each desktop width the bubble sits clear of its buttons, so a click on Follow price follows the price", async ({
    page,
    request,
  }) => {
    await dismissPopupsOf(page, request, CHAT_ON);
    const car = await oneCarWhere(CHAT_ON, `c.status = 'in_stock' AND c.price > 0`);
    // 1024 is the narrowest width with the sidebar beside the photos; 1366x900 is the common laptop.
    for (const [width, height] of [
      [1366, 900],
      [1280, 800],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(siteUrl(CHAT_ON, `/cars/${car.slug}`));
      const bubble = await boxOf(page, 'chat-launcher');
      const sidebar = page.getByRole('complementary', { name: 'Price and enquiry' });
      const rights = await sidebar.locator('button, a').evaluateAll((elements) =>
        elements
          .map((element) => element.getBoundingClientRect())
          .filter((rect) => rect.width > 0)
          .map((rect) => rect.right),
      );
      expect(rights.length).toBeGreaterThan(0);
      expect(`${width}: bubble from ${bubble.x}`).toBe(`${width}: bubble from ${Math.max(bubble.x, ...rights)}`);

      // Where the Follow price button's right half meets the bubble's height, it is the button that is hit.
      const follow = sidebar.getByRole('button', { name: 'Follow price' });
      const box = await follow.boundingBox();
      if (!box) throw new Error('Follow price is not drawn');
      const x = box.x + box.width * 0.75;
      const hit = await page.evaluate(
        ({ px, py }) => document.elementFromPoint(px, py)?.closest('button')?.textContent ?? null,
        { px: x, py: bubble.y + bubble.height / 2 },
      );
      expect(hit).not.toContain('Chat with us');
    }
  });

  test("the platform's own chat offers the enquiry form prefilled with the car and a text to the car's dealership", async ({
    page,
    request,
  }) => {
    await dismissPopupsOf(page, request, CHAT_ON);
    const car = await oneCarWhere(CHAT_ON, `c.status = 'in_stock'`);
    await page.goto(siteUrl(CHAT_ON, `/cars/${car.slug}`));
    const phone = await page.getByTestId('bottom-bar').getByRole('link', { name: 'Call' }).getAttribute('href');

    await page.getByRole('button', { name: 'Chat with us' }).click();
    const panel = page.getByRole('dialog', { name: 'Chat with us' });
    await expect(panel).toBeVisible();
    const text = panel.getByRole('link', { name: 'Text us' });
    await expect(text).toHaveAttribute(
      'href',
      new RegExp(`^sms:${phone!.replace(/^tel:/, '').replace('+', '\\+')}\\?`),
    );
    await expect(text).toHaveAttribute('href', new RegExp(encodeURIComponent(car.name).slice(0, 12)));

    await panel.getByRole('link', { name: 'Send us a message' }).click();
    const enquiry = page.getByRole('dialog').filter({ has: page.getByLabel(/Message/) });
    await expect(enquiry.getByLabel(/Message/)).toHaveValue(new RegExp(`I'm interested in the ${car.name}`));
    // Escape closes what the shopper opened.
    await page.keyboard.press('Escape');
  });

  test('away from a car the chat texts the primary location and the message goes to the contact page', async ({
    page,
    request,
  }) => {
    await dismissPopupsOf(page, request, CHAT_ON);
    await page.goto(siteUrl(CHAT_ON, '/'));
    await page.getByRole('button', { name: 'Chat with us' }).click();
    const panel = page.getByRole('dialog', { name: 'Chat with us' });
    await expect(panel.getByRole('link', { name: 'Text us' })).toHaveAttribute('href', /^sms:\+?\d{6,}/);
    await expect(panel.getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/contact');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Chat with us' })).toBeFocused();
  });

  test('a site with chat off draws no launcher', async ({ page, request }) => {
    const answer = await fetchSiteConfig(request, CHAT_OFF);
    expect((answer.config as unknown as { features: { chat_enabled: boolean } }).features.chat_enabled).toBe(false);
    await dismissPopupsOf(page, request, CHAT_OFF);
    const car = await oneCarWhere(CHAT_OFF, `c.status = 'in_stock'`);
    await page.goto(siteUrl(CHAT_OFF, `/cars/${car.slug}`));
    await expect(page.getByTestId('finance-calculator').or(page.locator('h1')).first()).toBeVisible();
    await expect(page.getByTestId('chat-launcher')).toHaveCount(0);
  });
});
