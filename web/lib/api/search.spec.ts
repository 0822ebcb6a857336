import { ApiError } from './client';
import { searchModels } from './search';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

const EMPTY_RESULT = {
  hits: [],
  count: 0,
  facets: { make: {}, model: {}, body: {} },
  facetStats: {},
  pages: 0,
  page: 1,
  ms: 1,
};

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  process.env['API_URL'] = 'http://127.0.0.1:3101';
});

describe('searchModels', () => {
  it('posts make, model and page to the model directory search and validates the answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse(EMPTY_RESULT));
    await expect(searchModels('werribee-isuzu-ute', { make: 'Isuzu', model: 'D-MAX', page: 2 })).resolves.toEqual(
      EMPTY_RESULT,
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:3101/api/sites/werribee-isuzu-ute/search/models');
    expect(init).toEqual(expect.objectContaining({ method: 'POST', cache: 'no-store' }));
    expect(JSON.parse(init.body as string)).toEqual({ make: 'Isuzu', model: 'D-MAX', page: 2 });
  });

  it('refuses a body the API would refuse, before asking it', async () => {
    await expect(searchModels('werribee-isuzu-ute', { model: 'D-MAX', page: 0 })).rejects.toThrow();
    await expect(searchModels('werribee-isuzu-ute', { model: ' ', page: 1 })).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an answer that is not a search result', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ hits: 'none' }));
    await expect(searchModels('werribee-isuzu-ute', { model: 'D-MAX', page: 1 })).rejects.toBeInstanceOf(ApiError);
  });
});
