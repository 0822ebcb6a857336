import { SUBMISSION_FAILED, UNEXPECTED_ERROR } from './messages';
import { submitLead } from './submit-lead';
import { SUCCESS_MARKER_KEY } from './success-marker';
import { CAMPAIGN_PARAMS_KEY, VISITED_PAGES_KEY } from './visit-trail';

describe('submitLead', () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
  const store = new Map<string, string>();
  const navigate = jest.fn<void, [string]>();
  const submission = { form: 'test_drive', name: 'Sam' } as never;
  const context = {
    siteSlug: 'harbour',
    vehicle: { car_id: 7, title: '2020 Toyota Corolla' },
    idempotencyKey: 'key-1',
  };

  beforeEach(() => {
    fetchMock.mockReset();
    navigate.mockReset();
    store.clear();
    global.fetch = fetchMock as unknown as typeof fetch;
    Object.assign(global, {
      window: { location: { pathname: '/cars/x', href: 'https://harbour.example.com.au/cars/x?utm_source=google' } },
      sessionStorage: {
        setItem: (k: string, v: string) => store.set(k, v),
        getItem: (k: string) => store.get(k) ?? null,
      },
    });
  });

  it('posts with the idempotency key and the visit as userData, stores the marker and goes to /success', async () => {
    store.set(VISITED_PAGES_KEY, JSON.stringify(['/', '/cars/x']));
    store.set(CAMPAIGN_PARAMS_KEY, JSON.stringify({ utm_source: 'google' }));
    fetchMock.mockResolvedValueOnce(Response.json({ lead_id: 'L1' }, { status: 201 }));
    await expect(submitLead(submission, context, navigate)).resolves.toEqual({ ok: true, leadId: 'L1' });
    const [leadPath, leadInit] = fetchMock.mock.calls[0]!;
    expect(leadPath).toBe('/api/sites/harbour/leads');
    expect(leadInit.headers).toMatchObject({ 'idempotency-key': 'key-1' });
    expect(JSON.parse(String(leadInit.body))).toEqual({
      form: 'test_drive',
      name: 'Sam',
      page_id: '/cars/x',
      userData: {
        url: 'https://harbour.example.com.au/cars/x?utm_source=google',
        lead_attributes: { visited_pages: ['/', '/cars/x'], linked_query_params: { utm_source: 'google' } },
      },
    });
    expect(JSON.parse(store.get(SUCCESS_MARKER_KEY)!)).toMatchObject({
      category: expect.any(String),
      vehicle: context.vehicle,
    });
    expect(navigate).toHaveBeenCalledWith('/success');
  });

  it('sends the page the form is on as page_id (spec 001 §3), unless the form names its own', async () => {
    fetchMock.mockImplementation(async () => Response.json({ lead_id: 'L1' }, { status: 201 }));
    await submitLead(submission, context, navigate);
    await submitLead({ form: 'general', page_id: 'about-us' } as never, context, navigate);
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)) as { page_id?: unknown });
    expect(bodies.map((body) => body.page_id)).toEqual(['/cars/x', 'about-us']);
  });

  it('records no tracking event of its own: the api tracks the lead it stores', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ lead_id: 'L1' }, { status: 201 }));
    await submitLead(submission, context, navigate);
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/sites/harbour/leads']);
  });

  describe('a trade-in valuation', () => {
    const valuation = {
      id: 'V1',
      status: 'estimate',
      low: 18000,
      high: 21000,
      valid_until: '2026-12-01',
      reason: null,
    };

    it('is saved with the lead (POST /api/miscellaneous) when the answer says its dealership saves valuations', async () => {
      jest.spyOn(console, 'info').mockImplementation(() => undefined);
      fetchMock
        .mockResolvedValueOnce(Response.json({ lead_id: 'L2', valuation, save_valuation: true }, { status: 201 }))
        .mockResolvedValueOnce(Response.json({ success: true }));
      await submitLead({ form: 'trade_in' } as never, context, navigate);
      const [savePath, saveInit] = fetchMock.mock.calls[1]!;
      expect(savePath).toBe('/api/miscellaneous');
      expect(JSON.parse(String(saveInit.body))).toEqual({ lead_id: 'L2', column_name: 'valuation', valuation });
      expect(navigate).toHaveBeenCalledWith('/success');
    });

    it('is never posted elsewhere', async () => {
      fetchMock.mockResolvedValueOnce(
        Response.json({ lead_id: 'L3', valuation, save_valuation: false }, { status: 201 }),
      );
      await submitLead({ form: 'trade_in' } as never, context, navigate);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('failing to save only logs, and the shopper still sees the estimate', async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      fetchMock
        .mockResolvedValueOnce(Response.json({ lead_id: 'L4', valuation, save_valuation: true }, { status: 201 }))
        .mockResolvedValueOnce(Response.json({ success: false, message: 'Valuation already saved' }, { status: 409 }));
      await expect(submitLead({ form: 'trade_in' } as never, context, navigate)).resolves.toMatchObject({ ok: true });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Valuation already saved'));
      expect(JSON.parse(store.get(SUCCESS_MARKER_KEY)!)).toMatchObject({ valuation: { low: 18000, high: 21000 } });
      expect(navigate).toHaveBeenCalledWith('/success');
    });
  });

  it('returns the field errors and list of a refused lead and stays on the page', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        {
          title: 'Please fix the following errors:',
          status: 400,
          detail: 'x',
          errors: [{ path: 'postcode', message: 'Invalid postcode. Please enter a 4-digit number.' }],
          form_errors: ['Invalid postcode. Please enter a 4-digit number.'],
        },
        { status: 400 },
      ),
    );
    await expect(submitLead(submission, context, navigate)).resolves.toEqual({
      ok: false,
      message: 'x',
      fields: { postcode: 'Invalid postcode. Please enter a 4-digit number.' },
      list: ['Invalid postcode. Please enter a 4-digit number.'],
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), SUBMISSION_FAILED],
    ['a server error', () => Promise.resolve(new Response('oops', { status: 500 })), SUBMISSION_FAILED],
    ['an answer without a lead_id', () => Promise.resolve(Response.json({}, { status: 201 })), UNEXPECTED_ERROR],
    [
      'an answer without a lead_id but with a message',
      () => Promise.resolve(Response.json({ message: 'Leads are paused today' }, { status: 200 })),
      'Leads are paused today',
    ],
  ])('after %s shows the wording of spec 001 section 8', async (_name, answer, message) => {
    fetchMock.mockImplementationOnce(answer);
    await expect(submitLead(submission, context, navigate)).resolves.toMatchObject({ ok: false, message });
    expect(navigate).not.toHaveBeenCalled();
  });
});
