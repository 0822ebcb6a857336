import { isDevIndexHost, parseHost, servedPort, tenantPath } from './host';

describe('parseHost', () => {
  it.each([
    ['werribee-isuzu-ute.localhost:3000', 'werribee-isuzu-ute.localhost', '3000'],
    ['Werribee-Isuzu-UTE.Localhost:3100', 'werribee-isuzu-ute.localhost', '3100'],
    ['www.werribeeisuzuute.com.au', 'www.werribeeisuzuute.com.au', null],
    ['www.werribeeisuzuute.com.au.', 'www.werribeeisuzuute.com.au', null],
    ['localhost', 'localhost', null],
    ['127.0.0.1:3000', '127.0.0.1', '3000'],
    ['[::1]:3000', '::1', '3000'],
    ['[::1]', '::1', null],
    ['  site.example.com , proxy.internal ', 'site.example.com', null],
  ])('%p -> host %p, port %p', (raw, hostname, port) => {
    expect(parseHost(raw)).toEqual({ hostname, port });
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['   '],
    ['bad host'],
    ['-leading-hyphen.com'],
    ['under_score.com'],
    ['site.localhost:notaport'],
    ['site.localhost:99999'],
    ['[::1'],
    ['[::1]x'],
    ['a'.repeat(64) + '.com'],
    ['../etc/passwd'],
    ['site.localhost/path'],
  ])('refuses %p', (raw) => {
    expect(parseHost(raw)).toBeNull();
  });
});

describe('isDevIndexHost', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['::1', true],
    ['werribee-isuzu-ute.localhost', false],
    ['localhost.example.com', false],
    ['127.0.0.2', false],
  ])('%p -> %p', (hostname, expected) => {
    expect(isDevIndexHost(hostname)).toBe(expected);
  });
});

describe('tenantPath', () => {
  it.each([
    ['/', '/werribee-isuzu-ute'],
    ['', '/werribee-isuzu-ute'],
    ['/about-us', '/werribee-isuzu-ute/about-us'],
    ['/cars/2021-isuzu-d-max/checkout', '/werribee-isuzu-ute/cars/2021-isuzu-d-max/checkout'],
    ['/search/new-cars/', '/werribee-isuzu-ute/search/new-cars/'],
  ])('%p -> %p', (pathname, expected) => {
    expect(tenantPath('werribee-isuzu-ute', pathname)).toBe(expected);
  });

  it.each(['', 'Upper', 'has space', '../x', 'a/b', '-lead', 'trail-', 'double--hyphen'])(
    'refuses the slug %p',
    (slug) => {
      expect(() => tenantPath(slug, '/')).toThrow(/invalid site slug/);
    },
  );
});

describe('servedPort', () => {
  const port = process.env['PORT'];
  afterEach(() => {
    if (port === undefined) delete process.env['PORT'];
    else process.env['PORT'] = port;
  });

  it('is the port the server listens on, as Next sets it, or none', () => {
    process.env['PORT'] = '3100';
    expect(servedPort()).toBe(3100);
    delete process.env['PORT'];
    expect(servedPort()).toBeNull();
    process.env['PORT'] = '3100; evil';
    expect(servedPort()).toBeNull();
  });
});
