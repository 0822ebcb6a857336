import { Client } from 'pg';
import Redis from 'ioredis';
import { e2eDatabaseName, e2eRunId, PAGE_CACHE_VERSION_CHECK_MS, POSTGRES_URL, REDIS_URL } from './e2e-env';

/** A query against this run's database, for what a shopper would read off their phone. */
export async function query<T>(sql: string, params: unknown[]): Promise<T[]> {
  const client = new Client({ connectionString: `${POSTGRES_URL}/${e2eDatabaseName()}` });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * What the indexer does after any change to a site's cars: moves the site's search version, which
 * the api's result caches and the web's page cache compare. A test that edits a car in the database
 * directly, rather than through a feed, says so with this.
 */
async function carChanged(carId: number): Promise<void> {
  const [car] = await query<{ site_id: number }>(
    `SELECT d.site_id FROM cars c JOIN dealerships d ON d.id = c.dealership_id WHERE c.id = $1`,
    [carId],
  );
  if (!car) return;
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.incr(`e2e-${e2eRunId()}:search-version:${car.site_id}`);
  } finally {
    redis.disconnect();
  }
  // The web's page cache confirms a site's version at most once per interval: after it, the next
  // page load renders from the changed car (a reload sooner could be the page cached before).
  await new Promise((resolve) => setTimeout(resolve, PAGE_CACHE_VERSION_CHECK_MS + 100));
}

/**
 * The sign-in code last texted to a number: in development and tests the API writes texts to
 * sms_messages instead of sending them.
 */
export async function lastTextedCode(e164: string): Promise<string> {
  const [row] = await query<{ body: string }>(
    `SELECT body FROM sms_messages WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`,
    [e164],
  );
  const code = row ? /\b(\d{6})\b/.exec(row.body)?.[1] : undefined;
  if (!code) throw new Error(`No sign-in code has been texted to ${e164}`);
  return code;
}

/** A car the site shows in stock, for saving to a watchlist. */
export async function anInStockCar(siteSlug: string): Promise<{ id: number; slug: string }> {
  const [car] = await query<{ id: number; slug: string }>(
    `SELECT c.id, c.slug FROM cars c JOIN dealerships d ON d.id = c.dealership_id JOIN sites s ON s.id = d.site_id
     WHERE s.slug = $1 AND c.status = 'in_stock' AND c.show_on_dealer_website AND c.withdrawn_at IS NULL ORDER BY c.id LIMIT 1`,
    [siteSlug],
  );
  if (!car) throw new Error(`${siteSlug} has no car in stock`);
  return car;
}

/** A dealership of a site with its name and how many of its cars the site shows (in stock, coming soon or listed sold). */
export async function dealershipOfCar(carId: number): Promise<{ slug: string; name: string; shown: number }> {
  const [row] = await query<{ slug: string; name: string; shown: number }>(
    `SELECT d.slug, d.name,
            (SELECT count(*)::int FROM cars o WHERE o.dealership_id = d.id AND o.show_on_dealer_website
               AND o.withdrawn_at IS NULL AND (o.status IN ('in_stock', 'coming_soon') OR o.listed_until > now())) AS shown
     FROM cars c JOIN dealerships d ON d.id = c.dealership_id WHERE c.id = $1`,
    [carId],
  );
  if (!row) throw new Error(`car ${carId} has no dealership`);
  return row;
}

/** The distinct models of a site's new cars on show, as its models dropdown should list them. */
export async function newModelsOnShow(siteSlug: string): Promise<string[]> {
  const rows = await query<{ model: string }>(
    `SELECT DISTINCT c.model FROM cars c JOIN dealerships d ON d.id = c.dealership_id JOIN sites s ON s.id = d.site_id
     WHERE s.slug = $1 AND c.car_type = 'new' AND c.status = 'in_stock' AND c.show_on_dealer_website AND c.withdrawn_at IS NULL`,
    [siteSlug],
  );
  return rows.map((row) => row.model);
}

/**
 * Stands in for a car stored before feeds checked media addresses: sets its images as given and
 * returns a function that puts the old ones back.
 */
export async function storeCarImages(
  siteSlug: string,
  images: { url: string; thumb: { url: string } }[],
): Promise<{ slug: string; restore: () => Promise<void> }> {
  const [car] = await query<{ id: number; slug: string; images: unknown }>(
    `SELECT c.id, c.slug, c.data->'images' AS images FROM cars c JOIN dealerships d ON d.id = c.dealership_id JOIN sites s ON s.id = d.site_id
     WHERE s.slug = $1 AND c.status = 'in_stock' AND c.show_on_dealer_website AND c.withdrawn_at IS NULL ORDER BY c.id DESC LIMIT 1`,
    [siteSlug],
  );
  if (!car) throw new Error(`${siteSlug} has no car in stock`);
  const setImages = async (value: unknown) => {
    await query(`UPDATE cars SET data = jsonb_set(data, '{images}', $2::jsonb) WHERE id = $1`, [
      car.id,
      JSON.stringify(value),
    ]);
    await carChanged(car.id);
  };
  await setImages(images);
  return { slug: car.slug, restore: () => setImages(car.images ?? []) };
}

/** Sets one key of a car's stored data (as an older feed could have left it); returns a function that puts it back. */
export async function setCarData(carId: number, key: string, value: unknown): Promise<() => Promise<void>> {
  const [before] = await query<{ value: unknown }>(`SELECT data->$2 AS value FROM cars WHERE id = $1`, [carId, key]);
  const set = async (next: unknown) => {
    await query(`UPDATE cars SET data = jsonb_set(data, ARRAY[$2::text], $3::jsonb) WHERE id = $1`, [
      carId,
      key,
      JSON.stringify(next ?? null),
    ]);
    await carChanged(carId);
  };
  await set(value);
  return async () => void (await set(before?.value));
}

/**
 * A vehicle the platform can value online: under 5 years old and 90,000 km, with at least 4 cars
 * of its make and model, year +-1 and within 20,000 km on sale (inside the comparables' km band).
 */
export async function aValuableVehicle(): Promise<{ make: string; model: string; year: number; km: number }> {
  const [row] = await query<{ make: string; model: string; year: number; km: number }>(
    `SELECT c.make, c.model, c.year, c.km FROM cars c
     WHERE c.year >= extract(year FROM now())::int - 5 AND c.km BETWEEN 1000 AND 90000 AND c.withdrawn_at IS NULL
       AND (SELECT count(*) FROM cars o WHERE lower(o.make) = lower(c.make) AND lower(o.model) = lower(c.model)
              AND o.year BETWEEN c.year - 1 AND c.year + 1 AND o.km BETWEEN c.km - 20000 AND c.km + 20000
              AND o.price > 10 AND o.withdrawn_at IS NULL AND o.status IN ('in_stock', 'coming_soon')) >= 4
     ORDER BY c.id LIMIT 1`,
    [],
  );
  if (!row) throw new Error('the demo data has no vehicle with enough comparables to value');
  return row;
}

/** A sold car the site still lists (inside its window), whose page shows the sold state. */
export async function aListedSoldCar(siteSlug: string): Promise<{ id: number; slug: string; stocknum: string } | null> {
  const [car] = await query<{ id: number; slug: string; stocknum: string }>(
    `SELECT c.id, c.slug, c.stocknum FROM cars c JOIN dealerships d ON d.id = c.dealership_id JOIN sites s ON s.id = d.site_id
     WHERE s.slug = $1 AND c.status = 'sold' AND c.listed_until > now() AND c.show_on_dealer_website AND c.withdrawn_at IS NULL
     ORDER BY c.id LIMIT 1`,
    [siteSlug],
  );
  return car ?? null;
}
