import { bannerExpiresAt, bannerLive, bannerMatchesCarTypes, bannerStartsAt, visibleBanners } from './banners';

// A fixed clock: 15 Jan 2026 10:00 in Sydney (daylight time, +11:00).
const NOW = new Date('2026-01-14T23:00:00Z');

describe('bannerLive (start and expiry)', () => {
  it('shows an entry without dates', () => {
    expect(bannerLive({}, NOW)).toBe(true);
  });

  it('shows from the start of its start date in Sydney', () => {
    expect(bannerLive({ start: '2026-01-15' }, NOW)).toBe(true);
    expect(bannerLive({ start: '2026-01-16' }, NOW)).toBe(false);
    expect(bannerStartsAt('2026-01-15')).toBe(Date.parse('2026-01-14T13:00:00Z'));
  });

  it('shows all of its expiry date in Sydney, and not after', () => {
    expect(bannerLive({ expiry: '2026-01-15' }, NOW)).toBe(true);
    expect(bannerLive({ expiry: '2026-01-14' }, NOW)).toBe(false);
    expect(bannerExpiresAt('2026-01-15')).toBe(Date.parse('2026-01-15T12:59:59.999Z'));
  });

  it('takes date-times to the instant', () => {
    expect(bannerLive({ start: '2026-01-15T09:59:59+11:00', expiry: '2026-01-15T10:00:00+11:00' }, NOW)).toBe(true);
    expect(bannerLive({ start: '2026-01-15T10:00:01+11:00' }, NOW)).toBe(false);
    expect(bannerLive({ expiry: '2026-01-15T09:59:59+11:00' }, NOW)).toBe(false);
  });

  it('never shows an entry with an unreadable date', () => {
    expect(bannerLive({ start: 'soon' }, NOW)).toBe(false);
    expect(bannerLive({ expiry: 'later' }, NOW)).toBe(false);
  });

  it('runs a campaign window from 2025-08-21 to 2025-09-30 inclusive', () => {
    const window = { start: '2025-08-21', expiry: '2025-09-30' };
    expect(bannerLive(window, new Date('2025-08-20T13:59:59Z'))).toBe(false); // 20 Aug 23:59:59 Sydney (+10:00)
    expect(bannerLive(window, new Date('2025-08-20T14:00:00Z'))).toBe(true);
    expect(bannerLive(window, new Date('2025-09-30T13:59:59Z'))).toBe(true);
    expect(bannerLive(window, new Date('2025-09-30T14:00:00Z'))).toBe(false);
  });
});

describe('bannerMatchesCarTypes (display filter and strict display)', () => {
  it('shows an entry without a filter everywhere', () => {
    expect(bannerMatchesCarTypes({}, [])).toBe(true);
    expect(bannerMatchesCarTypes({ display: [] }, ['used'])).toBe(true);
    expect(bannerMatchesCarTypes({ display: [], strict_display: true }, ['new'])).toBe(true);
  });

  it('shows a filtered entry where the page shows any of its car types', () => {
    expect(bannerMatchesCarTypes({ display: ['used'] }, ['new', 'demo', 'used'])).toBe(true);
    expect(bannerMatchesCarTypes({ display: ['used'] }, ['new'])).toBe(false);
    expect(bannerMatchesCarTypes({ display: ['used'] }, [])).toBe(true);
  });

  it('with strict display, only where every car type of the page is in the filter', () => {
    expect(bannerMatchesCarTypes({ display: ['used'], strict_display: true }, ['new', 'demo', 'used'])).toBe(false);
    expect(bannerMatchesCarTypes({ display: ['used'], strict_display: true }, ['used'])).toBe(true);
    expect(bannerMatchesCarTypes({ display: ['new', 'demo'], strictDisplay: true }, ['new', 'demo'])).toBe(true);
    expect(bannerMatchesCarTypes({ display: ['used'], strict_display: true }, [])).toBe(false);
  });
});

describe('visibleBanners', () => {
  it('keeps live, matching entries in order', () => {
    const entries = [
      { image: 'a', expiry: '2026-01-14' },
      { image: 'b' },
      { image: 'c', start: '2026-02-01' },
      { image: 'd', display: ['used' as const], strict_display: true },
      { image: 'e', display: ['new' as const] },
    ];
    expect(visibleBanners(entries, { now: NOW, pageCarTypes: ['new', 'used'] }).map((e) => e.image)).toEqual([
      'b',
      'e',
    ]);
  });
});
