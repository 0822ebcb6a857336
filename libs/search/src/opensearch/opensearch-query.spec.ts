import type { Client } from '@opensearch-project/opensearch';
import { SearchRequestSchema } from '@platform/domain';
import { NOW } from '../contract/fixtures';
import { OpenSearchSearchEngine } from './opensearch-search-engine';

/**
 * A results page must stay one round trip at marketplace scale: a request per facet would multiply
 * the cluster's work and the page's latency by the number of facets. Runs without a cluster: the
 * client records the calls the engine makes.
 */
describe('OpenSearchSearchEngine.query: one _search per results page', () => {
  it('sends one _search carrying the filters, post_filter and one filtered aggregation per facet, and nothing else', async () => {
    const calls: { method: string; params: unknown }[] = [];
    const client = new Proxy(
      {},
      {
        get: (_target, method: string) => async (params: unknown) => {
          calls.push({ method, params });
          return { body: { hits: { total: { value: 0 }, hits: [] }, aggregations: {} } };
        },
      },
    ) as unknown as Client;
    const engine = new OpenSearchSearchEngine({ client, indexPrefix: 'test-one-search' });
    const facets = [
      'make',
      'make_model',
      'body',
      'car_type',
      'fuel',
      'transmission',
      'colour',
      'state',
      'price',
      'km',
      'year',
    ] as const;

    await engine.query(
      { siteId: 7, dealershipIds: [1, 2], visibilityFilters: [], positivePriceOnPriceAsc: false },
      SearchRequestSchema.parse({
        filters: { make: ['Toyota'], fuel: ['Diesel', 'Petrol'] },
        ranges: { price: '10000:40000' },
        facets: [...facets],
      }),
      NOW,
    );

    expect(calls.map((call) => call.method)).toEqual(['search']);
    const { body } = calls[0].params as {
      body: { query: unknown; post_filter: unknown; aggs: Record<string, { filter: unknown }> };
    };
    expect(body.query).toBeDefined();
    expect(body.post_filter).toBeDefined();
    expect(Object.keys(body.aggs).sort()).toEqual([...facets].sort());
    for (const aggregation of Object.values(body.aggs)) expect(aggregation.filter).toBeDefined();
  });
});
