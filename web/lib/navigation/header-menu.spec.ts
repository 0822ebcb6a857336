import type { NavItem } from '@platform/domain';
import { headerMenu } from './header-menu';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
const result = (makeModel: Record<string, number>) =>
  new Response(
    JSON.stringify({ hits: [], count: 0, facets: { make_model: makeModel }, facetStats: {}, pages: 0, page: 1, ms: 1 }),
    {
      status: 200,
      headers: { 'content-type': 'application/json' },
    },
  );

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  process.env['API_URL'] = 'http://127.0.0.1:3101';
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

const VEHICLES: NavItem = { label: 'Vehicles', href: '/search/new-cars', models_menu: true };
const HOME: NavItem = { label: 'Home', href: '/' };

describe('headerMenu', () => {
  it("fills a models menu from the site's new-car models", async () => {
    fetchMock.mockResolvedValue(result({ 'Isuzu:MU-X': 4, 'Isuzu:D-MAX': 9 }));
    const menu = await headerMenu('werribee-isuzu-ute', [HOME, VEHICLES]);
    expect(menu).toEqual([
      HOME,
      {
        ...VEHICLES,
        children: [
          { label: 'D-MAX', href: '/models/d-max' },
          { label: 'MU-X', href: '/models/mu-x' },
        ],
      },
    ]);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:3101/api/sites/werribee-isuzu-ute/search');
    expect(JSON.parse(init.body as string)).toEqual({
      hitsPerPage: 1,
      facets: ['make_model'],
      filters: { car_type: ['new'] },
    });
  });

  it('asks nothing when no item wants models, or its children are configured', async () => {
    const configured: NavItem = { ...VEHICLES, children: [{ label: 'D-MAX', href: '/models/d-max' }] };
    await expect(headerMenu('a', [HOME, configured])).resolves.toEqual([HOME, configured]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves a plain link when the search fails', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 503 }));
    await expect(headerMenu('b', [VEHICLES])).resolves.toEqual([{ ...VEHICLES, children: [] }]);
  });
});
