import type { DataSource } from 'typeorm';

export interface StockFixture {
  siteId: number;
  north: { id: number; slug: string; primaryLocationId: number; yardSlug: string };
  west: { id: number; slug: string };
}

/** A site with two dealerships: 'north' keeps sold cars 3 days (the default), 'west' 7 days. */
export async function createStockFixture(
  dataSource: DataSource,
  tag: string,
  config: Record<string, unknown> = {},
): Promise<StockFixture> {
  const [site] = (await dataSource.query(
    `INSERT INTO sites (slug, name, config) VALUES ($1, 'Test Motors', $2) RETURNING id`,
    [`test-site-${tag}`, JSON.stringify(config)],
  )) as { id: number }[];
  const [north] = (await dataSource.query(
    `INSERT INTO dealerships (site_id, slug, name) VALUES ($1, $2, 'North Motors') RETURNING id`,
    [site!.id, `north-${tag}`],
  )) as { id: number }[];
  const [west] = (await dataSource.query(
    `INSERT INTO dealerships (site_id, slug, name, include_sold_cars_days) VALUES ($1, $2, 'West Motors', 7) RETURNING id`,
    [site!.id, `west-${tag}`],
  )) as { id: number }[];
  const location = (dealershipId: number, slug: string, primary: boolean, city: string) =>
    dataSource.query(
      `INSERT INTO locations (dealership_id, name, slug, "primary", street, city, state, postcode, time_zone)
       VALUES ($1, $2, $3, $4, '1 Main St', $5, 'QLD', '4000', 'Australia/Brisbane') RETURNING id`,
      [dealershipId, `${city} ${primary ? 'Sales' : 'Yard'}`, slug, primary, city],
    ) as Promise<{ id: number }[]>;
  const [northPrimary] = await location(north!.id, `north-sales-${tag}`, true, 'Brisbane');
  await location(north!.id, `north-yard-${tag}`, false, 'Ipswich');
  await location(west!.id, `west-sales-${tag}`, true, 'Toowoomba');
  return {
    siteId: site!.id,
    north: { id: north!.id, slug: `north-${tag}`, primaryLocationId: northPrimary!.id, yardSlug: `north-yard-${tag}` },
    west: { id: west!.id, slug: `west-${tag}` },
  };
}

export const feedCar = (stocknum: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  stocknum,
  make: 'Toyota',
  model: 'Hilux',
  year: 2022,
  car_type: 'used',
  price: 45990,
  km: 20000,
  ...extra,
});
