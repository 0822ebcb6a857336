import fc from 'fast-check';
import { LeadUserDataSchema } from './lead-forms';
import { campaignParamsOf, VISITED_PAGES_MAX, withVisitedPage } from './visit-trail';

const runs = Number(process.env['PROPERTY_RUNS'] ?? 60);

describe('campaignParamsOf', () => {
  it('keeps the UTM tags and click ids of a landing address, nothing else', () => {
    expect(
      campaignParamsOf('?utm_source=google&utm_medium=cpc&gclid=Cj0KabC&colour=red&token=secret&refinementList=x'),
    ).toEqual({ utm_source: 'google', utm_medium: 'cpc', gclid: 'Cj0KabC' });
    expect(campaignParamsOf('')).toEqual({});
  });

  it('reads names in any case, the first of a repeated name, and drops blanks and control characters', () => {
    expect(campaignParamsOf('UTM_Source=Google&utm_source=bing&fbclid=%20&msclkid=a%00b%0Ac')).toEqual({
      utm_source: 'Google',
      msclkid: 'abc',
    });
  });

  it('answers, for any query string, parameters the lead schema accepts', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.oneof(fc.constantFrom('utm_source', 'gclid', 'UTM_TERM', 'fbclid'), fc.string()),
            fc.string({ unit: 'binary', maxLength: 800 }),
          ),
          { maxLength: 20 },
        ),
        (pairs) => {
          const search = new URLSearchParams(pairs).toString();
          const params = campaignParamsOf(search);
          const parsed = LeadUserDataSchema.safeParse({
            lead_attributes: { visited_pages: [], linked_query_params: params },
          });
          expect(parsed.success).toBe(true);
        },
      ),
      { numRuns: runs },
    );
  });
});

describe('withVisitedPage', () => {
  it('adds each page once in a row and keeps the last 50', () => {
    expect(withVisitedPage(withVisitedPage(['/'], '/locations'), '/locations')).toEqual(['/', '/locations']);
    expect(withVisitedPage(['/', '/locations'], '/')).toEqual(['/', '/locations', '/']);
    const many = Array.from({ length: 60 }, (_, i) => `/page/${i}`);
    const kept = withVisitedPage(many, '/contact');
    expect(kept).toHaveLength(VISITED_PAGES_MAX);
    expect(kept.at(-1)).toBe('/contact');
    expect(kept[0]).toBe('/page/11');
  });

  it('always makes a trail the lead schema accepts', () => {
    fc.assert(
      fc.property(fc.array(fc.webPath(), { maxLength: 80 }), (paths) => {
        const trail = paths.reduce<string[]>((pages, path) => withVisitedPage(pages, path), []);
        expect(trail.length).toBeLessThanOrEqual(VISITED_PAGES_MAX);
        expect(LeadUserDataSchema.safeParse({ lead_attributes: { visited_pages: trail } }).success).toBe(true);
      }),
      { numRuns: runs },
    );
  });
});
