import { buildSearchDocument, type StoredCar } from './build-document';
import { SearchResultSchema } from './search-result.schema';

const stored = (data: Record<string, unknown>): StoredCar => ({
  id: 1,
  dealership_id: 2,
  location_id: null,
  stocknum: 'A1',
  slug: '2020-toyota-hilux-a1',
  car_type: 'used',
  status: 'in_stock',
  make: 'Toyota',
  model: 'Hilux',
  badge: 'SR5',
  year: 2020,
  price: 39990,
  before_price: null,
  subscription_price: null,
  km: 45000,
  simple_body: 'ute',
  simple_fuel: 'Diesel',
  simple_transmission: 'Automatic',
  simple_drive: '4x4',
  colour: 'White',
  seats: 5,
  tag: null,
  certified: false,
  reserved: false,
  show_on_dealer_website: true,
  sold_date: null,
  listed_until: null,
  custom_rank: 0,
  created_at: new Date('2025-01-01T00:00:00Z'),
  updated_at: new Date('2025-01-02T00:00:00Z'),
  data,
});
const context = { siteId: 1, dealership: { id: 2, slug: 'd', name: 'Dealer' }, location: null };

describe('search hits carry the market averages and pass the result schema', () => {
  it('keeps positive market averages for the market-price badge', () => {
    const hit = buildSearchDocument(
      stored({ autograb_data: { state_average_market_price: 42000, average_market_price: null } }),
      context,
    ).hit;
    expect(hit.autograb_data).toEqual({ state_average_market_price: 42000, average_market_price: null });
  });

  it('drops missing or zero market data', () => {
    expect(buildSearchDocument(stored({}), context).hit.autograb_data).toBeNull();
    expect(
      buildSearchDocument(
        stored({ autograb_data: { state_average_market_price: 0, average_market_price: 0 } }),
        context,
      ).hit.autograb_data,
    ).toBeNull();
  });

  it('validates a search response as the web reads it, hits without market data included', () => {
    const hit = buildSearchDocument(stored({ name: '2020 Toyota Hilux SR5' }), context).hit;
    const { autograb_data: _ignored, ...older } = hit;
    const result = {
      hits: [hit, older],
      count: 2,
      facets: { make: { Toyota: 2 } },
      facetStats: { price: { min: 39990, max: 39990 } },
      pages: 1,
      page: 1,
      ms: 3,
    };
    expect(SearchResultSchema.parse(JSON.parse(JSON.stringify(result)))).toEqual(result);
    expect(SearchResultSchema.safeParse({ ...result, hits: [{ ...hit, car_type: 'boat' }] }).success).toBe(false);
  });
});
