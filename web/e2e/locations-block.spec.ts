import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator } from '@playwright/test';
import { DEMO_SITE_SLUGS, dismissPopupsOf, fetchSiteConfig } from './demo-sites';
import { siteUrl } from './e2e-env';

interface LocationsBlockConfig {
  home_placement: 'beside_dealership_list' | 'instead_of_dealership_list' | 'hidden';
  layout: 'grid' | 'carousel';
  title: string;
}

async function blockConfigOf(
  request: Parameters<typeof fetchSiteConfig>[0],
  slug: string,
): Promise<LocationsBlockConfig> {
  const answer = (await fetchSiteConfig(request, slug)) as unknown as {
    config: { locations_block: LocationsBlockConfig };
  };
  return answer.config.locations_block;
}

/** The first demo site whose configuration shows the block with this layout. */
async function siteWithLayout(
  request: Parameters<typeof fetchSiteConfig>[0],
  layout: LocationsBlockConfig['layout'],
): Promise<{ slug: string; block: LocationsBlockConfig }> {
  for (const slug of DEMO_SITE_SLUGS) {
    const block = await blockConfigOf(request, slug);
    if (block.layout === layout && block.home_placement !== 'hidden') return { slug, block };
  }
  throw new Error(`No demo site shows the locations block as a ${layout}`);
}

const dot = (carousel: Locator, n: number) =>
  carousel.getByRole('button', { name: new RegExp(`^Go to slide ${n} of \\d+$`) });

test.describe('locations block on the home page (spec 001 screens 4 and 5)', () => {
  for (const slug of DEMO_SITE_SLUGS) {
    test(`${slug}: the variant its configuration names`, async ({ page, request }) => {
      await dismissPopupsOf(page, request, slug);
      const block = await blockConfigOf(request, slug);
      await page.goto(siteUrl(slug));

      const section = page.getByRole('region', { name: block.title, exact: true });
      if (block.home_placement === 'hidden') {
        await expect(section).toHaveCount(0);
        return;
      }
      await expect(section).toBeVisible();
      await expect(section).toHaveAttribute('data-variant', block.layout);
      await expect(page.getByRole('region', { name: 'Our dealerships' })).toHaveCount(
        block.home_placement === 'beside_dealership_list' ? 1 : 0,
      );
      // Every card has its contact details and a Get Directions link.
      const cards = section.getByRole('article');
      expect(await cards.count()).toBeGreaterThan(1);
      await expect(cards.first().getByRole('heading', { level: 3 })).toBeVisible();
      await expect(cards.first().getByRole('link', { name: /^Get Directions/ })).toBeVisible();

      if (block.layout === 'grid') {
        const count = await cards.count();
        await expect(section.getByRole('list').first()).toHaveAttribute('data-columns', count >= 3 ? '3' : '5');
      } else {
        await expect(section.getByRole('group', { name: block.title, exact: true })).toBeVisible();
      }
    });
  }

  for (const slug of DEMO_SITE_SLUGS) {
    test(`${slug}: the block has no serious accessibility violations`, async ({ page, request }) => {
      await dismissPopupsOf(page, request, slug);
      await page.goto(siteUrl(slug));
      await expect(page.locator('[data-variant]').first()).toBeVisible();
      const results = await new AxeBuilder({ page })
        .include('[data-variant]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(
        serious.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([]);
    });
  }

  test('the grid lists the configured locations in 3 columns', async ({ page, request }) => {
    const { slug, block } = await siteWithLayout(request, 'grid');
    await dismissPopupsOf(page, request, slug);
    await page.goto(siteUrl(slug));
    const section = page.getByRole('region', { name: block.title, exact: true });
    const grid = section.getByRole('list').first();
    const columns = await grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(Number(await grid.getAttribute('data-columns')));
  });
});

test.describe('carousel (spec 001 §4)', () => {
  test('previous and next follow the ability to scroll, dots track the slide, arrow keys scroll', async ({
    page,
    request,
  }) => {
    const { slug, block } = await siteWithLayout(request, 'carousel');
    await dismissPopupsOf(page, request, slug);
    await page.goto(siteUrl(slug));

    const section = page.getByRole('region', { name: block.title, exact: true });
    await expect(section.getByRole('heading', { level: 2, name: 'Our Locations' })).toBeVisible();
    const carousel = section.getByRole('group', { name: block.title, exact: true });
    const previous = carousel.getByRole('button', { name: 'Previous slide' });
    const next = carousel.getByRole('button', { name: 'Next slide' });

    // At the start only next is enabled.
    await expect(next).toBeEnabled();
    await expect(previous).toBeDisabled();
    await expect(dot(carousel, 1)).toHaveAttribute('aria-current', 'true');

    await next.click();
    await expect(previous).toBeEnabled();
    await expect(dot(carousel, 2)).toHaveAttribute('aria-current', 'true');

    await previous.click();
    await expect(previous).toBeDisabled();
    await expect(dot(carousel, 1)).toHaveAttribute('aria-current', 'true');

    // Arrow keys scroll the focused track.
    const track = carousel.getByRole('list', { name: `${block.title} slides` });
    await track.focus();
    await page.keyboard.press('ArrowRight');
    await expect(dot(carousel, 2)).toHaveAttribute('aria-current', 'true');
    await expect(previous).toBeEnabled();
    await page.keyboard.press('ArrowRight');
    await expect(dot(carousel, 3)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(dot(carousel, 2)).toHaveAttribute('aria-current', 'true');

    // The last dot shown scrolls towards the end; past 7 positions the dots are a window that
    // follows the selected slide, so pressing the last one again reaches the end, where next is disabled.
    const dots = carousel.getByRole('button', { name: /^Go to slide \d+ of \d+$/ });
    await expect(async () => {
      await dots.last().click();
      await expect(next).toBeDisabled({ timeout: 1000 });
    }).toPass();
    await expect(previous).toBeEnabled();
    await expect(dots.last()).toHaveAttribute('aria-current', 'true');
  });

  test('at 390 px the dots stay on one row inside the screen and still track the slide to the last one', async ({
    page,
    request,
  }) => {
    const { slug, block } = await siteWithLayout(request, 'carousel');
    await dismissPopupsOf(page, request, slug);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(siteUrl(slug));
    const carousel = page
      .getByRole('region', { name: block.title, exact: true })
      .getByRole('group', { name: block.title, exact: true });
    const dots = carousel.getByRole('button', { name: /^Go to slide \d+ of \d+$/ });
    await carousel.scrollIntoViewIfNeeded();
    await expect(dot(carousel, 1)).toHaveAttribute('aria-current', 'true');
    const rowOf = async () => {
      const boxes = await dots.evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect()));
      return { tops: new Set(boxes.map((b) => Math.round(b.top))).size, right: Math.max(...boxes.map((b) => b.right)) };
    };
    expect(await rowOf()).toEqual({ tops: 1, right: expect.any(Number) });
    expect((await rowOf()).right).toBeLessThanOrEqual(390);

    // Next, step by step, reaches the last slide; the selected dot is always shown, on one row.
    const total = Number((await dots.first().getAttribute('aria-label'))?.match(/of (\d+)$/)?.[1]);
    expect(total).toBeGreaterThan(1);
    const next = carousel.getByRole('button', { name: 'Next slide' });
    for (let n = 2; n <= total; n += 1) {
      await next.click();
      await expect(dot(carousel, n)).toHaveAttribute('aria-current', 'true');
      expect((await rowOf()).tops).toBe(1);
    }
    await expect(next).toBeDisabled();
  });

  test('shows the Swipe hint on small screens', async ({ page, request }) => {
    const { slug, block } = await siteWithLayout(request, 'carousel');
    await dismissPopupsOf(page, request, slug);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(siteUrl(slug));
    const section = page.getByRole('region', { name: block.title, exact: true });
    await expect(section.getByText('Swipe', { exact: false })).toBeVisible();
  });

  test('cards show a rating only above the minimum (4 by default), as the reviews block does', async ({
    page,
    request,
  }) => {
    // Northside's cards: Kedron 4.2 (455 reviews), Strathpine 4.0, the service centre 3.9 (71 reviews).
    const slug = 'northside-used-cars';
    await dismissPopupsOf(page, request, slug);
    const block = await blockConfigOf(request, slug);
    await page.goto(siteUrl(slug));
    const section = page.getByRole('region', { name: block.title, exact: true });
    await expect(section.getByRole('article', { name: 'Northside Used Cars Kedron' })).toContainText('(455 reviews)');
    await expect(section.getByRole('article', { name: 'Northside Service Centre' })).toBeVisible();
    await expect(section.getByRole('article', { name: 'Northside Service Centre' })).not.toContainText('3.9');
    await expect(section.getByRole('article', { name: 'Northside Service Centre' })).not.toContainText('reviews)');
    await expect(section.getByRole('article', { name: 'Northside Used Cars Strathpine' })).not.toContainText(
      'reviews)',
    );
    for (const [width, height] of [
      [390, 844],
      [1366, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/locations-block/northside-cards-${width}x${height}.png` });
    }
  });
});
