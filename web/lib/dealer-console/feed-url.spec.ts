import { feedUrlFor } from './feed-url';

describe('feedUrlFor', () => {
  const dev = 'http://harbour.localhost/feeds/harbour-toyota/google/abc.csv';

  it('adds the port the console was reached on to a development host', () => {
    expect(feedUrlFor(dev, 'harbour.localhost:3000')).toBe(
      'http://harbour.localhost:3000/feeds/harbour-toyota/google/abc.csv',
    );
  });

  it('leaves a real host, another host and an unparsable address as they are', () => {
    const real = 'https://www.harbour.com.au/feeds/harbour-toyota/meta/abc.csv';
    expect(feedUrlFor(real, 'www.harbour.com.au:3000')).toBe(real);
    expect(feedUrlFor(dev, 'evil.localhost:3000')).toBe(dev);
    expect(feedUrlFor(dev, null)).toBe(dev);
    expect(feedUrlFor('not a url', 'harbour.localhost:3000')).toBe('not a url');
  });
});
