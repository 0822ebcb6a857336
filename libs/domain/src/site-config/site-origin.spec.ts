import fc from 'fast-check';
import { siteOrigin } from './site-origin';

const slugs = fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,12}){0,3}$/);
const publicHosts = fc.domain().filter((host) => host !== 'localhost' && !host.endsWith('.localhost'));
const developmentHosts = fc.oneof(
  slugs.map((slug) => `${slug}.localhost`),
  fc.constant('localhost'),
  fc.tuple(slugs, slugs).map(([a, b]) => `${a}.${b}.localhost`),
);
const ports = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: null });
/** Anything else a caller might have at hand: none of it may reach the origin. */
const noise = fc.dictionary(
  fc.constantFrom('requestHost', 'hosts', 'x-forwarded-host', 'x-forwarded-proto', 'port', 'protocol', 'origin'),
  fc.oneof(fc.string(), fc.integer(), fc.array(fc.string())),
);

/** A valid origin is its own origin: scheme, host and a port only where it is not the scheme's default. */
const expectValidOrigin = (origin: string): URL => {
  const url = new URL(origin);
  expect(url.origin).toBe(origin);
  return url;
};

describe('siteOrigin', () => {
  it('is a real primary host over https, with no port', () => {
    expect(siteOrigin({ host: 'www.harbourmotorgroup.com.au', slug: 'harbour-motor-group' }, 3000)).toBe(
      'https://www.harbourmotorgroup.com.au',
    );
    expect(siteOrigin({ host: ' WWW.Example.com.au ', slug: 'x' }, null)).toBe('https://www.example.com.au');
  });

  it('is a development host over http on the web’s port, and the slug’s development host for a site with none', () => {
    expect(siteOrigin({ host: 'harbour-motor-group.localhost', slug: 'harbour-motor-group' }, 3100)).toBe(
      'http://harbour-motor-group.localhost:3100',
    );
    expect(siteOrigin({ host: null, slug: 'werribee-isuzu-ute' }, 3000)).toBe(
      'http://werribee-isuzu-ute.localhost:3000',
    );
    expect(siteOrigin({ host: '', slug: 'werribee-isuzu-ute' }, 3000)).toBe('http://werribee-isuzu-ute.localhost:3000');
    expect(siteOrigin({ host: undefined, slug: 'werribee-isuzu-ute' }, null)).toBe(
      'http://werribee-isuzu-ute.localhost',
    );
    expect(siteOrigin({ host: 'localhost', slug: 'x' }, 3000)).toBe('http://localhost:3000');
  });

  it('leaves out a port that is http’s own or no port at all', () => {
    const site = { host: 'a.localhost', slug: 'a' };
    expect(siteOrigin(site, 80)).toBe('http://a.localhost');
    for (const port of [0, -1, 65536, 3000.5, Number.NaN, Infinity])
      expect(siteOrigin(site, port)).toBe('http://a.localhost');
  });

  it('is always a valid origin, https on the host alone for a real host (property)', () => {
    fc.assert(
      fc.property(publicHosts, slugs, ports, (host, slug, port) => {
        const origin = siteOrigin({ host, slug }, port);
        const url = expectValidOrigin(origin);
        expect(url.protocol).toBe('https:');
        expect(url.hostname).toBe(host);
        expect(url.port).toBe('');
      }),
    );
  });

  it('is always a valid origin, http on the web’s port for a development host (property)', () => {
    fc.assert(
      fc.property(fc.option(developmentHosts, { nil: null }), slugs, ports, (host, slug, port) => {
        const origin = siteOrigin({ host, slug }, port);
        const url = expectValidOrigin(origin);
        expect(url.protocol).toBe('http:');
        expect(url.hostname).toBe(host ?? `${slug}.localhost`);
        expect(url.port).toBe(port === null || port === 80 ? '' : String(port));
      }),
    );
  });

  it('depends on the host, slug and port alone: no request header, extra field or environment variable shapes it (property)', () => {
    const saved = { PORT: process.env['PORT'], WEB_PORT: process.env['WEB_PORT'] };
    try {
      fc.assert(
        fc.property(
          fc.option(fc.oneof(publicHosts, developmentHosts), { nil: null }),
          slugs,
          ports,
          noise,
          fc.string(),
          (host, slug, port, extra, environment) => {
            delete process.env['PORT'];
            delete process.env['WEB_PORT'];
            const plain = siteOrigin({ host, slug }, port);
            process.env['PORT'] = environment;
            process.env['WEB_PORT'] = environment;
            expect(siteOrigin({ ...extra, host, slug }, port)).toBe(plain);
            // A site with a host is named by it: its slug plays no part.
            if (host !== null) expect(siteOrigin({ host, slug: `${slug}-other` }, port)).toBe(plain);
          },
        ),
      );
    } finally {
      for (const [name, value] of Object.entries(saved))
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
  });
});
