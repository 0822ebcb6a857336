import { dealerWebsiteOf, manufacturerIsMake } from './make-match';

describe('manufacturerIsMake', () => {
  it.each([
    ['isuzu-ute', 'Isuzu', true],
    ['isuzu', 'isuzu', true],
    ['Toyota', ' toyota ', true],
    ['isuzutrucks', 'isuzu', false],
    ['mazda', 'isuzu', false],
    ['isuzu-ute', '', false],
  ])('%s for make %j: %s', (slug, make, expected) => expect(manufacturerIsMake(slug, make)).toBe(expected));
});

describe('dealerWebsiteOf', () => {
  const websites = [
    { slug: 'harbour-toyota', make: 'toyota', url: 'https://www.harbourtoyota.com.au/' },
    { slug: 'harbour-isuzu', make: 'isuzu', url: 'https://www.harbourisuzu.com.au/' },
    { slug: 'harbour-mazda', make: null, url: 'https://www.harbourmazda.com.au/' },
    { slug: 'harbour-ford', make: 'ford', url: '/not-a-web-address' },
  ];

  it("finds the sister site of the location's make, a brand's arm included", () => {
    expect(dealerWebsiteOf({ manufacturers: ['isuzu-ute'] }, websites)).toBe('https://www.harbourisuzu.com.au/');
    expect(dealerWebsiteOf({ manufacturers: ['toyota'] }, websites)).toBe('https://www.harbourtoyota.com.au/');
  });

  it("else its dealership's site, and never an address that is not on the web", () => {
    expect(dealerWebsiteOf({ manufacturers: [], dealership_slug: 'harbour-mazda-newcastle' }, websites)).toBe(
      'https://www.harbourmazda.com.au/',
    );
    expect(dealerWebsiteOf({ manufacturers: ['ford'] }, websites)).toBeNull();
    expect(dealerWebsiteOf({}, websites)).toBeNull();
  });
});
