import { MAX_ALERT_SMS_SEGMENTS, PLATFORM_DEFAULTS, smsSegments } from '@platform/domain';
import { alertEmail, alertSms, type AlertItem, type AlertSite } from './alert-message';

const site: AlertSite = {
  slug: 'north',
  name: 'North Motors',
  origin: 'https://north.example.com.au',
  config: PLATFORM_DEFAULTS,
  contactPhone: '03 9000 0000',
};
const links = {
  oneClickUrl: 'https://north.example.com.au/api/sites/north/alerts/unsubscribe?token=t',
  unsubscribeUrl: 'https://north.example.com.au/unsubscribe?token=t',
  watchlistUrl: 'https://north.example.com.au/watchlist',
};
const item = (id: string, overrides: Partial<AlertItem>): AlertItem => ({
  id,
  kind: 'new_match',
  price: 31990,
  oldPrice: null,
  savedSearchId: null,
  savedSearchName: null,
  savedSearchPath: null,
  createdAt: new Date('2026-11-25T00:00:00Z'),
  car: { id: Number(id), slug: `car-${id}`, year: 2022, make: 'Kia', model: 'Sportage', badge: null, data: {} },
  ...overrides,
});

describe('alert email', () => {
  it("a digest links each saved search's own results page, where every match of the day is", () => {
    const email = alertEmail(
      'd1',
      'shopper@example.com',
      site,
      [
        item('1', { savedSearchId: 's1', savedSearchName: 'Any Kia', savedSearchPath: '/search?make=Kia' }),
        item('2', { kind: 'price_drop', oldPrice: 33990 }),
      ],
      true,
      links,
    );
    expect(email.text).toContain('See every match: https://north.example.com.au/search?make=Kia');
    expect(email.html).toContain('<a href="https://north.example.com.au/search?make=Kia"');
    // Followed cars have no search page: one such link only.
    expect(email.text.match(/See every match/g)).toHaveLength(1);
  });

  it('an instant alert is about its one car', () => {
    const email = alertEmail(
      'd2',
      'shopper@example.com',
      site,
      [item('3', { savedSearchId: 's1', savedSearchName: 'Any Kia', savedSearchPath: '/search?make=Kia' })],
      false,
      links,
    );
    expect(email.subject).toBe("New match for 'Any Kia': 2022 Kia Sportage");
    expect(email.text).not.toContain('See every match');
  });

  it("shows the car's stored photo from the site's origin, and never a dealer's photo address", () => {
    const car = (data: Record<string, unknown>, photo: AlertItem['car']['photo']) =>
      item('4', {
        car: { id: 4, slug: 'car-4', year: 2022, make: 'Kia', model: 'Sportage', badge: null, data, photo },
      });
    const hash = 'e'.repeat(64);
    const dealer = { primary_image_url: 'https://photos.dealer.example/kia/1.jpg' };
    const stored = alertEmail(
      'd3',
      'shopper@example.com',
      site,
      [car(dealer, { hash, width: 2000, height: 1500 })],
      false,
      links,
    );
    expect(stored.html).toContain(`<img src="https://north.example.com.au/media/photos/${hash}/w640"`);
    const pending = alertEmail('d4', 'shopper@example.com', site, [car(dealer, null)], false, links);
    expect(pending.html).not.toContain('photos.dealer.example');
    expect(pending.html).not.toMatch(/<img src="[^"]*\/kia\//);
    const demo = alertEmail(
      'd5',
      'shopper@example.com',
      site,
      [car({ images: [{ url: '/media/demo/suv-1.svg' }] }, null)],
      false,
      links,
    );
    expect(demo.html).toContain('<img src="https://north.example.com.au/media/demo/suv-1.svg"');
  });
});

describe('grouped alerts', () => {
  const matches = [1, 2, 3].map((n) =>
    item(String(n), {
      savedSearchId: 's1',
      savedSearchName: 'Used Toyota RAV4 under $40,000',
      savedSearchPath: '/search?make=Toyota',
    }),
  );

  it('one email for a pass of matches: the count and the search in the subject, every car, the sender and the way out', () => {
    const email = alertEmail('d3', 'shopper@example.com', site, matches, false, links);
    expect(email.subject).toBe('3 new cars match Used Toyota RAV4 under $40,000');
    for (const n of [1, 2, 3]) expect(email.text).toContain(`https://north.example.com.au/cars/car-${n}`);
    expect(email.text).toContain('From North Motors · 03 9000 0000 · north.example.com.au');
    expect(email.text).toContain(`Stop these alerts: ${links.unsubscribeUrl}`);
    expect(email.html).toContain('North Motors · 03 9000 0000');
  });

  it('one text for a pass of matches: sender, count and search, the search link and the opt-out, within the parts allowed', () => {
    expect(alertSms(site, matches, false, links)).toBe(
      `North Motors (03 9000 0000): 3 new cars match Used Toyota RAV4 under $40,000. https://north.example.com.au/search?make=Toyota Opt out: ${links.unsubscribeUrl}`,
    );
    const long = matches.map((m) => ({ ...m, savedSearchName: 'Toyota RAV4 '.repeat(40) }));
    const text = alertSms(site, long, false, links);
    expect(smsSegments(text)).toBeLessThanOrEqual(MAX_ALERT_SMS_SEGMENTS);
    expect(text).toMatch(/^North Motors \(03 9000 0000\): 3 new cars match Toyota RAV4 .*\.\.\.\. https:/);
    expect(text.endsWith(`Opt out: ${links.unsubscribeUrl}`)).toBe(true);
  });
});
