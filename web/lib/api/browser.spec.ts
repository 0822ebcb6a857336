import { failureOf, postJson } from './browser';

describe('postJson', () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('posts JSON same-origin and returns the answer', async () => {
    fetchMock.mockResolvedValue(Response.json({ status: 'sent' }, { status: 202 }));
    await expect(
      postJson('/api/sites/a/sign-in/code', { phone: '0412345678' }, { 'idempotency-key': 'k' }),
    ).resolves.toEqual({ ok: true, status: 202, data: { status: 'sent' } });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/sites/a/sign-in/code');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"phone":"0412345678"}' });
    expect(init.headers).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': 'k' });
  });

  it('reads field errors, the detail and the reason of a problem', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          status: 400,
          title: 'Wrong code',
          detail: 'That code is not right.',
          reason: 'wrong_code',
          errors: [
            { path: 'code', message: 'That code is not right.' },
            { path: 'code', message: 'second' },
          ],
        },
        { status: 400 },
      ),
    );
    await expect(postJson('/x', {})).resolves.toEqual({
      ok: false,
      status: 400,
      message: 'That code is not right.',
      fields: { code: 'That code is not right.' },
      reason: 'wrong_code',
      list: [],
    });
  });

  it('says the network failed when no answer arrives', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const outcome = await postJson('/x', {});
    expect(outcome).toMatchObject({
      ok: false,
      status: 0,
      message: expect.stringContaining('could not reach the server'),
    });
  });

  it('copes with an HTML error page', async () => {
    fetchMock.mockResolvedValue(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    await expect(postJson('/x', {})).resolves.toMatchObject({
      ok: false,
      status: 502,
      message: 'Something went wrong. Please try again.',
    });
  });
});

describe('failureOf', () => {
  it('keeps a refused form’s list of messages', () => {
    const body = {
      title: 'Please fix the following errors:',
      detail: 'a b',
      errors: [{ path: 'postcode', message: 'Invalid postcode. Please enter a 4-digit number.' }],
      form_errors: ['Invalid postcode. Please enter a 4-digit number.', 3],
    };
    expect(failureOf(400, body)).toMatchObject({
      list: ['Invalid postcode. Please enter a 4-digit number.'],
      fields: { postcode: 'Invalid postcode. Please enter a 4-digit number.' },
    });
  });

  it('prefers the watchlist message', () => {
    expect(failureOf(404, { success: false, message: 'This car is no longer available.', detail: 'x' }).message).toBe(
      'This car is no longer available.',
    );
  });

  it('names rate limiting when nothing else is said', () => {
    expect(failureOf(429, null).message).toBe('Too many requests. Please wait a moment and try again.');
  });
});
