import { reviewsVisible, starRating } from './star-rating';

describe('starRating (spec 001 §5: up to 4 full stars plus a partial, to 1 decimal)', () => {
  it.each<[number | null, string, number[]]>([
    [4.7, '4.7', [1, 1, 1, 1, 0.7]],
    [4.44, '4.4', [1, 1, 1, 1, 0.4]],
    [5, '5.0', [1, 1, 1, 1, 1]],
    [4, '4.0', [1, 1, 1, 1, 0]],
    [3.8, '3.8', [1, 1, 1, 0.8, 0]],
    [3.96, '4.0', [1, 1, 1, 1, 0]],
    [0, '0.0', [0, 0, 0, 0, 0]],
    [7, '5.0', [1, 1, 1, 1, 1]],
    [-1, '0.0', [0, 0, 0, 0, 0]],
    [null, '0.0', [0, 0, 0, 0, 0]],
  ])('%p -> %s', (rating, text, fills) => {
    expect(starRating(rating)).toEqual({ text, fills });
  });
});

describe('reviewsVisible', () => {
  const config = { minimum_rating: 4, hidden: false };
  it.each<[number | null, boolean]>([
    [4.7, true],
    [4.01, true],
    [4, false],
    [3.8, false],
    [null, false],
  ])('average %p shows: %p', (average, shown) => {
    expect(reviewsVisible(average, config)).toBe(shown);
  });

  it('never shows hidden reviews', () => {
    expect(reviewsVisible(4.9, { ...config, hidden: true })).toBe(false);
  });
});
