import { hashString, Rng } from '../random';
import type { LocationSeed } from './types';

/** A demo Google review of a location, as a review source would push it. */
export interface ReviewSeed {
  external_id: string;
  author_name: string;
  rating: number;
  text: string;
  published_at: Date;
}

/** Enough for a full reviews block (12 shown) with a few older ones behind it. */
export const DEMO_REVIEWS_PER_LOCATION = 15;

const FIRST_NAMES = [
  'Olivia',
  'Jack',
  'Charlotte',
  'Noah',
  'Amelia',
  'William',
  'Isla',
  'Oliver',
  'Mia',
  'Lachlan',
  'Grace',
  'Thomas',
  'Chloe',
  'Liam',
  'Priya',
  'Wei',
  'Aroha',
  'Mohammed',
  'Sofia',
  'Hamish',
];
const SURNAME_INITIALS = 'ABCDFGHJKLMNPRSTW';

const PRAISE = [
  'Friendly team and no pressure at all.',
  'Made the whole process easy from test drive to pick-up.',
  'Great communication the whole way through.',
  'Car was detailed and ready on the day they promised.',
  'Fair trade-in price and quick paperwork.',
  'Service was done on time and they explained everything.',
  'Parts counter found what I needed straight away.',
  'Honest advice, and they followed up after the sale.',
];
const MIXED = [
  'Good outcome in the end, but I waited a while to be served.',
  'Nice car, though the handover took longer than expected.',
  'Helpful staff; the finance part dragged on a bit.',
];
const POOR = ['Service booking was moved twice without notice.', 'Had to chase them for a call back.'];

/**
 * The newest reviews of a demo location, reproducible from its slug: ratings scatter around the
 * location's average (rounded, 1 to 5) and dates go back from `now` a few days at a time.
 */
export function demoReviewsFor(
  dealershipSlug: string,
  location: Pick<LocationSeed, 'slug' | 'average_rating' | 'review_count'>,
  now: Date,
): ReviewSeed[] {
  const rng = new Rng(hashString(`reviews/${dealershipSlug}/${location.slug}`));
  const count = Math.min(DEMO_REVIEWS_PER_LOCATION, location.review_count);
  let published = now.getTime();
  return Array.from({ length: count }, (_, index) => {
    published -= rng.int(1, 9) * 86_400_000 + rng.int(0, 86_399) * 1000;
    const rating = Math.min(5, Math.max(1, Math.round(location.average_rating + rng.range(-1.2, 0.9))));
    const text = rating >= 4 ? rng.pick(PRAISE) : rating === 3 ? rng.pick(MIXED) : rng.pick(POOR);
    return {
      external_id: `demo-${location.slug}-${index + 1}`,
      author_name: `${rng.pick(FIRST_NAMES)} ${rng.pick([...SURNAME_INITIALS])}.`,
      rating,
      text,
      published_at: new Date(published),
    };
  });
}
