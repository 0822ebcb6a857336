import { z } from 'zod';
import { ApiError, apiBaseUrl, apiBaseUrls, apiGet, apiGetOrNull, apiMediaUrl, apiPost } from './client';

function jsonResponse(body: unknown, status = 200, type = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
}

describe('apiBaseUrl', () => {
  it.each([
    [undefined, 'http://localhost:3001'],
    ['', 'http://localhost:3001'],
    ['http://127.0.0.1:3101', 'http://127.0.0.1:3101'],
    ['http://api:3001/', 'http://api:3001'],
    [' https://api.example.com// ', 'https://api.example.com'],
  ])('API_URL=%p -> %p', (value, expected) => {
    expect(apiBaseUrl({ API_URL: value })).toBe(expected);
  });

  it.each(['not a url', 'ftp://api.example.com', 'http://127.0.0.1:3001,not a url'])('refuses API_URL=%p', (value) => {
    expect(() => apiBaseUrl({ API_URL: value })).toThrow(/API_URL must be an http\(s\) URL/);
  });

  it('takes each of several api processes in turn', () => {
    const env = { API_URL: 'http://127.0.0.1:3001, http://127.0.0.1:3011/' };
    expect(apiBaseUrls(env)).toEqual(['http://127.0.0.1:3001', 'http://127.0.0.1:3011']);
    const first = apiBaseUrl(env);
    const next = [apiBaseUrl(env), apiBaseUrl(env), apiBaseUrl(env)];
    expect(new Set([first, ...next])).toEqual(new Set(['http://127.0.0.1:3001', 'http://127.0.0.1:3011']));
    expect(next).toEqual(
      first === 'http://127.0.0.1:3001'
        ? ['http://127.0.0.1:3011', 'http://127.0.0.1:3001', 'http://127.0.0.1:3011']
        : ['http://127.0.0.1:3001', 'http://127.0.0.1:3011', 'http://127.0.0.1:3001'],
    );
  });
});

describe('apiMediaUrl', () => {
  const original = process.env['API_URL'];
  afterEach(() => {
    process.env['API_URL'] = original;
  });

  it('points a /media path at the API, keeping the query', () => {
    process.env['API_URL'] = 'http://127.0.0.1:3101';
    expect(apiMediaUrl('/media/cars/1/front.jpg', '?w=640').toString()).toBe(
      'http://127.0.0.1:3101/media/cars/1/front.jpg?w=640',
    );
  });

  it('refuses anything but /media paths', () => {
    expect(() => apiMediaUrl('/api/sites')).toThrow(/Not a media path/);
  });
});

describe('apiGet', () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
  const schema = z.object({ slug: z.string() });

  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    process.env['API_URL'] = 'http://127.0.0.1:3101';
  });

  it('GETs the path under API_URL and returns the validated body', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ slug: 'werribee-isuzu-ute', extra: true }));
    await expect(apiGet('/api/sites/by-host/x.localhost', schema)).resolves.toEqual({ slug: 'werribee-isuzu-ute' });
    expect(fetchMock).toHaveBeenCalledWith(
      'http://127.0.0.1:3101/api/sites/by-host/x.localhost',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('throws ApiError with the problem details of an error answer', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No site has the host x.localhost' },
        404,
        'application/problem+json',
      ),
    );
    const error = await apiGet('/api/sites/by-host/x.localhost', schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      isNotFound: true,
      problem: { detail: 'No site has the host x.localhost' },
    });
    expect((error as Error).message).toContain('No site has the host x.localhost');
  });

  it('throws ApiError when the body does not match the schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ name: 'no slug' }));
    await expect(apiGet('/api/sites', schema)).rejects.toThrow(/does not match its schema/);
  });

  it('throws ApiError without a status when the API cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(apiGet('/api/sites', schema)).rejects.toMatchObject({ name: 'ApiError', status: null });
  });

  it('apiGetOrNull answers null for a 404 and still throws other failures', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 404 }, 404, 'application/problem+json'));
    await expect(apiGetOrNull('/api/sites/by-host/x.localhost', schema)).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ status: 500, title: 'Internal Server Error' }, 500, 'application/problem+json'),
    );
    await expect(apiGetOrNull('/api/sites/by-host/x.localhost', schema)).rejects.toMatchObject({ status: 500 });
  });
});

describe('apiPost', () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
  const schema = z.object({ count: z.number() });

  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    process.env['API_URL'] = 'http://127.0.0.1:3101';
  });

  it('POSTs the body as JSON and validates the answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ count: 3 }));
    await expect(apiPost('/api/sites/a/search', { page: 2 }, schema)).resolves.toEqual({ count: 3 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:3101/api/sites/a/search');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"page":2}');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('names the method in the error of a refused POST', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { title: 'Bad Request', status: 400, detail: 'page: must be 1 or more' },
        400,
        'application/problem+json',
      ),
    );
    await expect(apiPost('/api/sites/a/search', { page: 0 }, schema)).rejects.toThrow(
      'API answered 400 to POST /api/sites/a/search: page: must be 1 or more',
    );
  });
});
