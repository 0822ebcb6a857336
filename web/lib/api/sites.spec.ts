import { ApiError } from './client';
import { getSite, listSites } from './sites';
import { siteConfigResponseFixture, siteListResponseFixture } from '@/test/fixtures';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 400 ? 'application/json' : 'application/problem+json' },
  });
}

/** What Next's notFound() throws; the framework turns it into the not-found page. */
const NOT_FOUND = expect.objectContaining({ digest: 'NEXT_HTTP_ERROR_FALLBACK;404' });

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  process.env['API_URL'] = 'http://127.0.0.1:3101';
});

describe('getSite', () => {
  it('asks the configuration endpoint and reshapes the answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse(siteConfigResponseFixture()));
    const site = await getSite('werribee-isuzu-ute');
    expect(site.name).toBe('Werribee Isuzu UTE');
    expect(fetchMock).toHaveBeenCalledWith(
      'http://127.0.0.1:3101/api/sites/werribee-isuzu-ute/config',
      expect.objectContaining({ method: 'GET', cache: 'no-store' }),
    );
  });

  it('turns a 404 from the API into the not-found page', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ title: 'Site not found', status: 404, detail: "No site has the slug 'gone'." }, 404),
    );
    await expect(getSite('gone')).rejects.toEqual(NOT_FOUND);
  });

  it('shows the not-found page for a path that is not a site slug, without asking the API', async () => {
    await expect(getSite('favicon.ico')).rejects.toEqual(NOT_FOUND);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets other failures through to the error page', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { title: 'Site configuration invalid', status: 500, detail: 'theme.primary_colour: Use a hex colour' },
        500,
      ),
    );
    const error = await getSite('werribee-isuzu-ute').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, problem: { title: 'Site configuration invalid' } });
  });
});

describe('listSites', () => {
  it('lists every site for the development index', async () => {
    fetchMock.mockResolvedValue(jsonResponse(siteListResponseFixture()));
    expect((await listSites()).map((site) => site.slug)).toEqual([
      'broken-site',
      'harbour-motor-group',
      'werribee-isuzu-ute',
    ]);
  });
});
