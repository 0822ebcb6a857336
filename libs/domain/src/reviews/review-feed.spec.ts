import { REVIEW_PUSH_MAX, ReviewPushSchema } from './review-feed';

const review = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  author_name: 'Sam Citizen',
  rating: 5,
  text: 'Friendly team.',
  published_at: '2026-10-01T09:30:00+10:00',
  ...extra,
});
const push = (extra: Record<string, unknown> = {}) => ({
  average_rating: 4.6,
  review_count: 812,
  reviews: [review('a'), review('b')],
  ...extra,
});
const issues = (input: unknown) => {
  const result = ReviewPushSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('ReviewPushSchema', () => {
  it('accepts a summary with its newest reviews and fills the optional fields', () => {
    const parsed = ReviewPushSchema.parse(
      push({ reviews: [{ id: ' a ', author_name: ' Sam ', rating: 4, published_at: '2026-10-01T09:30:00Z' }] }),
    );
    expect(parsed.reviews).toEqual([
      {
        id: 'a',
        author_name: 'Sam',
        rating: 4,
        text: '',
        published_at: '2026-10-01T09:30:00Z',
        author_photo_url: null,
      },
    ]);
  });

  it('keeps text plain: control characters dropped, line breaks normalised, blank runs collapsed', () => {
    const parsed = ReviewPushSchema.parse(
      push({ reviews: [review('a', { text: '  Great\r\n\r\n\r\n\r\nservice\u0007 <b>thanks</b>  ' })] }),
    );
    expect(parsed.reviews[0]?.text).toBe('Great\n\nservice <b>thanks</b>');
  });

  it.each([
    ['a rating of 0', push({ reviews: [review('a', { rating: 0 })] }), 'reviews.0.rating: rating must be 1 to 5'],
    [
      'a half star',
      push({ reviews: [review('a', { rating: 4.5 })] }),
      'reviews.0.rating: rating must be a whole number of stars, 1 to 5',
    ],
    [
      'a date without a zone',
      push({ reviews: [review('a', { published_at: '2026-10-01 09:30' })] }),
      'reviews.0.published_at: published_at must be an ISO 8601 date-time, e.g. 2026-10-01T09:30:00+10:00',
    ],
    [
      'a plain-http photo',
      push({ reviews: [review('a', { author_photo_url: 'http://example.com/a.jpg' })] }),
      'reviews.0.author_photo_url: author_photo_url must be an https URL',
    ],
    [
      'a repeated id',
      push({ reviews: [review('a'), review('a')] }),
      "reviews.1.id: Duplicate id 'a' (also reviews.0.id)",
    ],
    [
      'fewer in the count than sent',
      push({ review_count: 1 }),
      'review_count: review_count (1) is less than the 2 reviews sent',
    ],
    [
      'an average with no reviews',
      push({ review_count: 0, reviews: [] }),
      'average_rating: average_rating is null exactly when review_count is 0',
    ],
    ['an unknown field', push({ source: 'google' }), ': Unrecognized key: "source"'],
  ])('refuses %s, naming the field', (_label, input, message) => {
    expect(issues(input)).toContain(message);
  });

  it(`refuses more than ${REVIEW_PUSH_MAX} reviews in one push`, () => {
    const many = Array.from({ length: REVIEW_PUSH_MAX + 1 }, (_, index) => review(`r${index}`));
    expect(issues(push({ review_count: 500, reviews: many }))).toEqual([
      `reviews: Send at most ${REVIEW_PUSH_MAX} reviews, the newest first`,
    ]);
  });

  it('accepts a location with no reviews yet', () => {
    expect(issues({ average_rating: null, review_count: 0, reviews: [] })).toEqual([]);
  });
});
