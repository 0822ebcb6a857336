import { SUBMISSION_FAILED, UNEXPECTED_ERROR } from './messages';
import { submitLead } from './submit-lead';
import { SUCCESS_MARKER_KEY } from './success-marker';

describe('submitLead', () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
  const store = new Map<string, string>();
  const navigate = jest.fn<void, [string]>();
  const submission = { form: 'test_drive', name: 'Sam' } as never;
  const context = {
    siteSlug: 'harbour',
    carType: 'used',
    vehicle: { car_id: 7, title: '2020 Toyota Corolla' },
    idempotencyKey: 'key-1',
  };

  beforeEach(() => {
    fetchMock.mockReset();
    navigate.mockReset();
    store.clear();
    global.fetch = fetchMock as unknown as typeof fetch;
    Object.assign(global, {
      window: { location: { pathname: '/cars/x' } },
      sessionStorage: { setItem: (k: string, v: string) => store.set(k, v) },
    });
  });

  it('posts with the idempotency key, tracks the event, stores the marker and goes to /success', async () => {
    fetchMock
      .mockResolvedValueOnce(Response.json({ lead_id: 'L1' }, { status: 201 }))
      .mockResolvedValueOnce(new Response(null, { status: 202 }));
    await expect(submitLead(submission, context, navigate)).resolves.toEqual({ ok: true, leadId: 'L1' });
    const [leadPath, leadInit] = fetchMock.mock.calls[0]!;
    expect(leadPath).toBe('/api/sites/harbour/leads');
    expect(leadInit.headers).toMatchObject({ 'idempotency-key': 'key-1' });
    const [eventPath, eventInit] = fetchMock.mock.calls[1]!;
    expect(eventPath).toBe('/api/sites/harbour/events');
    // A used-car test drive is event 48.
    expect(JSON.parse(String(eventInit.body))).toEqual({ event_id: 48, url: '/cars/x', car_id: 7 });
    expect(JSON.parse(store.get(SUCCESS_MARKER_KEY)!)).toMatchObject({
      category: expect.any(String),
      vehicle: context.vehicle,
    });
    expect(navigate).toHaveBeenCalledWith('/success');
  });

  it('still goes to /success when the analytics event fails, warning only', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock
      .mockResolvedValueOnce(Response.json({ lead_id: 'L1' }, { status: 201 }))
      .mockRejectedValueOnce(new TypeError('offline'));
    await expect(submitLead(submission, context, navigate)).resolves.toMatchObject({ ok: true });
    expect(warn).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/success');
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
