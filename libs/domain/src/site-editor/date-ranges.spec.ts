import { dateRangeProblems } from './date-ranges';

const offer = (start: string, expiry: string) => ({
  id: 1,
  name: 'Run-out',
  manufacturer: null,
  model_name: null,
  description: [],
  disclaimer: '',
  image: null,
  image_alt: '',
  start,
  expiry,
});

describe('dateRangeProblems', () => {
  it('names an offer, banner, slide or campaign that ends before it starts', () => {
    expect(
      dateRangeProblems({
        marketing: {
          offers: [offer('2026-12-01', '2026-12-31'), offer('2026-12-10', '2026-12-09')],
          campaign: { name: 'Sale', start: '2026-12-02', end: '2026-12-01' },
          banners: [{ image: '/a.jpg', alt: 'A', start: '2026-12-03T10:00:00+11:00', expiry: '2026-12-01' }],
        },
      }),
    ).toEqual([
      { path: 'marketing.offers[1].expiry', message: expect.stringContaining('ends (2026-12-09) before it starts') },
      { path: 'marketing.banners[0].expiry', message: expect.any(String) },
      { path: 'marketing.campaign.end', message: expect.any(String) },
    ]);
  });

  it('takes a one-day entry and entries without both dates', () => {
    expect(
      dateRangeProblems({
        marketing: {
          offers: [offer('2026-12-01', '2026-12-01')],
          campaign: null,
          banners: [{ image: '/a.jpg', alt: '' }],
        },
      }),
    ).toEqual([]);
  });
});
