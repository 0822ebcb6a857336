import { NextRequest } from 'next/server';
import { ApiError } from './lib/api/client';
import { findSiteByHost } from './lib/api/hosts';
import { proxy } from './proxy';

jest.mock('./lib/api/hosts', () => ({ findSiteByHost: jest.fn() }));
const lookup = findSiteByHost as jest.MockedFunction<typeof findSiteByHost>;

const SITES: Record<string, { slug: string; name: string }> = {
  'werribee-isuzu-ute.localhost': { slug: 'werribee-isuzu-ute', name: 'Werribee Isuzu UTE' },
  'www.werribeeisuzuute.com.au': { slug: 'werribee-isuzu-ute', name: 'Werribee Isuzu UTE' },
  'harbour-motor-group.localhost': { slug: 'harbour-motor-group', name: 'Harbour Motor Group' },
};

// The proxy keeps answers for 30 s in module memory, so each test that counts lookups uses a host
// no earlier test has asked about.

function request(host: string, path = '/'): NextRequest {
  return new NextRequest(`http://${host}${path}`, { headers: { host } });
}

/** Where Next will serve the request from after the proxy: the rewrite target's path, or null. */
function rewrittenTo(response: Response): string | null {
  const target = response.headers.get('x-middleware-rewrite');
  return target ? new URL(target).pathname + new URL(target).search : null;
}

beforeEach(() => {
  lookup.mockReset();
  lookup.mockImplementation(async (hostname) => SITES[hostname] ?? null);
  process.env['API_URL'] = 'http://127.0.0.1:3101';
});

describe('proxy', () => {
  it.each([
    ['werribee-isuzu-ute.localhost:3000', '/', '/werribee-isuzu-ute'],
    ['werribee-isuzu-ute.localhost:3000', '/about-us', '/werribee-isuzu-ute/about-us'],
    ['WWW.WerribeeIsuzuUte.com.au', '/search/new-cars?make=isuzu', '/werribee-isuzu-ute/search/new-cars?make=isuzu'],
  ])('rewrites %s%s to the site route %s', async (host, path, target) => {
    const response = await proxy(request(host, path));
    expect(response.status).toBe(200);
    expect(rewrittenTo(response)).toBe(target);
  });

  it('looks a host up once, without its port', async () => {
    await proxy(request('harbour-motor-group.localhost:3100', '/'));
    expect(lookup).toHaveBeenCalledWith('harbour-motor-group.localhost');
    await proxy(request('harbour-motor-group.localhost:3000', '/offers'));
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('answers 404 "Site not found" for a host no site has', async () => {
    const response = await proxy(request('nobody.localhost:3000', '/'));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<h1>Site not found</h1>');
  });

  it('answers 404 for a malformed Host header without asking the API', async () => {
    const response = await proxy(request('bad_host.localhost', '/'));
    expect(response.status).toBe(404);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('answers 503 when the API cannot say which site it is', async () => {
    lookup.mockRejectedValue(new ApiError('API unreachable', null, '/api/sites/by-host/x'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await proxy(request('down.localhost', '/'));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
  });

  it.each(['localhost:3000', '127.0.0.1:3100', '[::1]:3000'])('lets the development index through on bare %s', async (host) => {
    const response = await proxy(request(host, '/'));
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(rewrittenTo(response)).toBeNull();
    expect(lookup).not.toHaveBeenCalled();
  });

  it('answers 404 for other paths on the development index host', async () => {
    const response = await proxy(request('localhost:3000', '/werribee-isuzu-ute'));
    expect(response.status).toBe(404);
  });

  it('forwards /media/... to the API named by API_URL at request time, on any host', async () => {
    const response = await proxy(request('werribee-isuzu-ute.localhost:3000', '/media/cars/12/front.jpg?w=640'));
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://127.0.0.1:3101/media/cars/12/front.jpg?w=640');
    expect(lookup).not.toHaveBeenCalled();
  });
});
