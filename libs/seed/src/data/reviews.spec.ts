import { DEMO_REVIEWS_PER_LOCATION, demoReviewsFor } from './reviews';
import { DEMO_SITES } from './sites';

const NOW = new Date('2026-11-21T00:00:00Z');

describe('demo reviews', () => {
  const locations = DEMO_SITES.flatMap((site) =>
    site.dealerships.flatMap((d) => d.locations.map((location) => ({ dealership: d.slug, location }))),
  );

  it('are the same on every run and differ between locations', () => {
    const [first, second] = locations;
    expect(demoReviewsFor(first!.dealership, first!.location, NOW)).toEqual(
      demoReviewsFor(first!.dealership, first!.location, NOW),
    );
    expect(demoReviewsFor(first!.dealership, first!.location, NOW)).not.toEqual(
      demoReviewsFor(second!.dealership, second!.location, NOW),
    );
  });

  it.each(
    locations.map(({ dealership, location }) => [`${dealership}/${location.slug}`, dealership, location] as const),
  )('%s: newest first, before now, 1-5 stars around its average, ids unique', (_label, dealership, location) => {
    const reviews = demoReviewsFor(dealership, location, NOW);
    expect(reviews).toHaveLength(Math.min(DEMO_REVIEWS_PER_LOCATION, location.review_count));
    const times = reviews.map((r) => r.published_at.getTime());
    expect(times.every((t, i) => t < NOW.getTime() && (i === 0 || t < (times[i - 1] as number)))).toBe(true);
    expect(reviews.every((r) => Number.isInteger(r.rating) && r.rating >= 1 && r.rating <= 5)).toBe(true);
    expect(new Set(reviews.map((r) => r.external_id)).size).toBe(reviews.length);
    const mean = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
    expect(Math.abs(mean - location.average_rating)).toBeLessThan(0.8);
  });
});
