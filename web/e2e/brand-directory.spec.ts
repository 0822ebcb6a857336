import { expect, test, type Locator } from '@playwright/test';
import { siteUrl } from './e2e-env';

const GROUP = 'harbour-motor-group';

/** The image has loaded and has pixels: a logo the shopper actually sees, not a broken icon. */
async function expectLoadedLogo(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

/**
 * Spec 001 screen 17: every brand of the group's directory is drawn with its logo and its proper
 * name, the manufacturer's own spelling (BYD, Isuzu UTE), never a title-cased slug.
 */
test.describe('brand directory names and logos', () => {
  test('every tile has its logo and the brand’s proper name', async ({ page }) => {
    await page.goto(siteUrl(GROUP, '/brands'));
    const tiles = page.getByTestId('brand-tile');
    const names = (await tiles.allTextContents()).map((text) => text.trim());
    expect(names).toEqual(
      expect.arrayContaining([
        'Toyota',
        'Mazda',
        'Hyundai',
        'Kia',
        'Subaru',
        'Ford',
        'MG',
        'BYD',
        'Yamaha',
        'Isuzu UTE',
      ]),
    );
    expect(names).not.toContain('Byd');
    expect(names).not.toContain('Isuzu Ute');
    for (const tile of await tiles.all()) await expectLoadedLogo(tile.locator('img'));

    // The logo grid names every brand of the group too.
    const grid = page.getByRole('region', { name: 'Our Brands' }).last();
    for (const name of ['Kia', 'BYD', 'Isuzu UTE'])
      await expectLoadedLogo(grid.getByRole('img', { name, exact: true }));
  });

  test('a brand’s overview page carries its proper name and logo', async ({ page }) => {
    await page.goto(siteUrl(GROUP, '/brands'));
    await page.getByRole('region', { name: 'Truck Brands' }).getByRole('link', { name: 'Isuzu UTE' }).click();
    await expect(page).toHaveURL(siteUrl(GROUP, '/isuzu-ute/overview'));
    await expect(page.getByRole('heading', { level: 1, name: 'Isuzu UTE', exact: true })).toBeVisible();
    await expectLoadedLogo(page.getByRole('main').locator('img').first());
  });
});
