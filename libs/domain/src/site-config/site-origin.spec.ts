import fc from 'fast-check';
import { siteOrigin } from './site-origin';

describe('siteOrigin', () => {
  it('is the primary host over https, whatever the request claimed', () => {
    expect(siteOrigin('www.harbourmotorgroup.com.au', 'evil.example')).toBe('https://www.harbourmotorgroup.com.au');
    expect(siteOrigin('WWW.Example.com.au')).toBe('https://www.example.com.au');
  });

  it('keeps the port of a development host only when the request reached that host', () => {
    expect(siteOrigin('harbour-motor-group.localhost', 'harbour-motor-group.localhost:3100')).toBe(
      'http://harbour-motor-group.localhost:3100',
    );
    expect(siteOrigin('harbour-motor-group.localhost', 'evil.example:3100')).toBe(
      'http://harbour-motor-group.localhost',
    );
    expect(siteOrigin('harbour-motor-group.localhost', 'harbour-motor-group.localhost:3100/x')).toBe(
      'http://harbour-motor-group.localhost',
    );
  });

  it('never answers an origin other than the primary host, for any claimed host', () => {
    fc.assert(
      fc.property(fc.string(), (claimed) => {
        const origin = new URL(siteOrigin('shop.example.com.au', claimed));
        expect(origin.hostname).toBe('shop.example.com.au');
        expect(origin.protocol).toBe('https:');
      }),
    );
  });
});
