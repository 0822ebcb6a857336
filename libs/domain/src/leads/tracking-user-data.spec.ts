import {
  TRACKED_PATH_MAX_LENGTH,
  TRACKED_VISITED_PAGES_MAX,
  TrackingUserDataSchema,
  USER_AGENT_MAX_LENGTH,
  pagePath,
  trackingUserData,
} from './tracking-user-data';

describe('trackingUserData (spec 001 §7: the tracking event after a form, with its user data)', () => {
  it('keeps the user data the spec lists: url, source, user_agent, car_id, car_dealership_id, lead_attributes', () => {
    expect(
      trackingUserData({
        url: 'https://north.example.com/cars/l1?email=jane@example.com#top',
        source: 'Website',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
        carId: 7,
        carDealershipId: 3,
        leadAttributes: {
          visited_pages: ['/', '/cars/l1?name=Jane'],
          linked_query_params: { utm_source: 'google', name: 'Jane' },
        },
      }),
    ).toEqual({
      url: '/cars/l1',
      source: 'Website',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
      car_id: 7,
      car_dealership_id: 3,
      lead_attributes: { visited_pages: ['/', '/cars/l1'], linked_query_params: { utm_source: 'google' } },
    });
  });

  it('never keeps a query string, which may carry what a shopper typed; unknown parts are null', () => {
    const data = trackingUserData({ url: '/search?query=jane%40example.com' });
    expect(data).toEqual({
      url: '/search',
      source: 'Website',
      user_agent: null,
      car_id: null,
      car_dealership_id: null,
      lead_attributes: null,
    });
    expect(JSON.stringify(data)).not.toContain('jane');
  });

  it('is bounded: the last pages only, paths and the user agent cut to size, control characters gone', () => {
    const long = `/${'a'.repeat(3000)}`;
    const data = trackingUserData({
      url: long,
      userAgent: `Agent\u0000${'x'.repeat(2000)}`,
      leadAttributes: {
        visited_pages: Array.from({ length: 50 }, (_, i) => `/page-${i}`),
        linked_query_params: {},
      },
    });
    expect(data.url).toHaveLength(TRACKED_PATH_MAX_LENGTH);
    expect(data.user_agent).toHaveLength(USER_AGENT_MAX_LENGTH);
    expect(data.user_agent!.startsWith('Agentx')).toBe(true);
    expect(data.lead_attributes!.visited_pages).toHaveLength(TRACKED_VISITED_PAGES_MAX);
    expect(data.lead_attributes!.visited_pages.at(-1)).toBe('/page-49');
    expect(TrackingUserDataSchema.safeParse(data).success).toBe(true);
  });

  it('the schema refuses what is not bounded or not a path', () => {
    const valid = trackingUserData({ url: '/cars/l1' });
    expect(TrackingUserDataSchema.safeParse({ ...valid, url: 'https://x.example/cars' }).success).toBe(false);
    expect(TrackingUserDataSchema.safeParse({ ...valid, user_agent: 'x'.repeat(501) }).success).toBe(false);
    expect(TrackingUserDataSchema.safeParse({ ...valid, email: 'jane@example.com' }).success).toBe(false);
    expect(
      TrackingUserDataSchema.safeParse({
        ...valid,
        lead_attributes: { visited_pages: Array(11).fill('/'), linked_query_params: {} },
      }).success,
    ).toBe(false);
  });

  it('pagePath: the path of an address, null when there is none', () => {
    expect(pagePath('https://a.example/x/y?z=1')).toBe('/x/y');
    expect(pagePath('/x?z=1')).toBe('/x');
    expect(pagePath(null)).toBeNull();
    expect(pagePath('')).toBeNull();
  });
});
