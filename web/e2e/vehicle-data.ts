import { Client } from 'pg';
import { e2eDatabaseName, POSTGRES_URL } from './e2e-env';

/** Demo cars for the vehicle page tests, chosen per case from this run's database (never hard-coded ids). */

async function query<T>(sql: string, params: unknown[]): Promise<T[]> {
  const client = new Client({ connectionString: `${POSTGRES_URL}/${e2eDatabaseName()}` });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface DemoCar {
  id: number;
  slug: string;
  name: string;
  images: number;
  price: number | null;
  make: string;
}

const VISIBLE = `c.show_on_dealer_website AND c.withdrawn_at IS NULL`;

/** Cars of a site matching a condition, in id order. */
export async function carsWhere(siteSlug: string, condition: string, limit = 1): Promise<DemoCar[]> {
  return query<DemoCar>(
    `SELECT c.id, c.slug, c.year || ' ' || c.make || ' ' || c.model || COALESCE(' ' || c.badge, '') AS name,
            COALESCE(jsonb_array_length(c.data->'images'), 0) AS images, c.price, c.make
     FROM cars c JOIN dealerships d ON d.id = c.dealership_id JOIN sites s ON s.id = d.site_id
     WHERE s.slug = $1 AND ${VISIBLE} AND (${condition}) ORDER BY c.id LIMIT ${Number(limit)}`,
    [siteSlug],
  );
}

export async function oneCarWhere(siteSlug: string, condition: string): Promise<DemoCar> {
  const [car] = await carsWhere(siteSlug, condition);
  if (!car) throw new Error(`${siteSlug} has no car where ${condition}`);
  return car;
}

/** The leads stored for a car since a moment. */
export async function leadsFor(
  carId: number,
  since: Date,
): Promise<{ form: string; category: string; fields: Record<string, unknown> }[]> {
  return query(`SELECT form, category, fields FROM leads WHERE car_id = $1 AND created_at >= $2 ORDER BY created_at`, [
    carId,
    since,
  ]);
}
