import { CAMPAIGN_PARAMS_KEY, leadUserData, readVisitTrail, recordPageView, VISITED_PAGES_KEY } from './visit-trail';

describe('the visit trail in session storage', () => {
  const store = new Map<string, string>();

  beforeEach(() => {
    store.clear();
    Object.assign(global, {
      window: { location: { href: 'https://harbour.example.com.au/contact' } },
      sessionStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
      },
    });
  });

  it('keeps each page viewed and the campaign parameters the session landed with', () => {
    recordPageView('/', '?utm_source=google&gclid=abc&colour=red');
    recordPageView('/locations', '');
    recordPageView('/locations', '');
    recordPageView('/contact', '?location=x');
    expect(leadUserData()).toEqual({
      url: 'https://harbour.example.com.au/contact',
      lead_attributes: {
        visited_pages: ['/', '/locations', '/contact'],
        linked_query_params: { utm_source: 'google', gclid: 'abc' },
      },
    });
  });

  it('credits a later campaign landing in the same session', () => {
    recordPageView('/', '?utm_source=google');
    recordPageView('/cars/x', '?utm_source=facebook&fbclid=f1');
    expect(readVisitTrail().linked_query_params).toEqual({ utm_source: 'facebook', fbclid: 'f1' });
  });

  it('reads corrupt, foreign or unavailable storage as an empty trail', () => {
    store.set(VISITED_PAGES_KEY, '{not json');
    store.set(CAMPAIGN_PARAMS_KEY, JSON.stringify(['x']));
    expect(readVisitTrail()).toEqual({ visited_pages: [], linked_query_params: {} });
    store.set(VISITED_PAGES_KEY, JSON.stringify(['/', 5, null]));
    store.set(CAMPAIGN_PARAMS_KEY, JSON.stringify({ utm_source: 'google', gclid: 7 }));
    expect(readVisitTrail()).toEqual({ visited_pages: ['/'], linked_query_params: { utm_source: 'google' } });
    Object.assign(global, {
      sessionStorage: {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
      },
    });
    expect(() => recordPageView('/', '?utm_source=x')).not.toThrow();
    expect(readVisitTrail()).toEqual({ visited_pages: [], linked_query_params: {} });
  });
});
