import type { EntityManager } from 'typeorm';
import { AVAILABLE_STATUS_SQL, buildSearchDocument, type SearchDocument, type StoredCar } from '@platform/domain';
import { storedPhotosOf, type StoredPhotosByDealership } from '../photos/stored-photos';

interface CarRow extends StoredCar {
  site_id: number;
  dealership_slug: string;
  dealership_name: string;
  loc_id: number | null;
  loc_name: string | null;
  loc_city: string | null;
  loc_state: string | null;
  loc_street: string | null;
  loc_postcode: string | null;
  loc_lat: number | null;
  loc_long: number | null;
}

// A car's location, or its dealership's primary location when the car names none.
const SELECT_CARS = `
  SELECT c.*, d.site_id, d.slug AS dealership_slug, d.name AS dealership_name,
         l.id AS loc_id, l.name AS loc_name, l.city AS loc_city, l.state AS loc_state,
         l.street AS loc_street, l.postcode AS loc_postcode, l.lat AS loc_lat, l.long AS loc_long
  FROM cars c
  JOIN dealerships d ON d.id = c.dealership_id
  LEFT JOIN LATERAL (
    SELECT * FROM locations l
    WHERE (c.location_id IS NOT NULL AND l.id = c.location_id)
       OR (c.location_id IS NULL AND l.dealership_id = c.dealership_id)
    ORDER BY l."primary" DESC, l.id LIMIT 1
  ) l ON TRUE`;

// Only listed cars get documents: the base visibility filter, evaluated now.
const LISTED = `c.withdrawn_at IS NULL AND c.show_on_dealer_website
  AND (c.status IN ${AVAILABLE_STATUS_SQL} OR (c.status = 'sold' AND c.listed_until > $2))`;

const toDocument = (row: CarRow, photos: StoredPhotosByDealership): SearchDocument =>
  buildSearchDocument(row, {
    photos: photos(row.dealership_id),
    siteId: row.site_id,
    dealership: { id: row.dealership_id, slug: row.dealership_slug, name: row.dealership_name },
    location:
      row.loc_id === null
        ? null
        : { id: row.loc_id, name: row.loc_name ?? '', city: row.loc_city, state: row.loc_state },
  });

/** The documents of the given cars that are listed now; the other ids are returned for removal. */
export async function documentsForCars(
  manager: EntityManager,
  siteId: number,
  carIds: readonly number[],
  now: Date,
): Promise<{ documents: SearchDocument[]; removed: number[] }> {
  const rows = (await manager.query(`${SELECT_CARS} WHERE d.site_id = $1 AND ${LISTED} AND c.id = ANY($3::int[])`, [
    siteId,
    now.toISOString(),
    [...carIds],
  ])) as CarRow[];
  const photos = await storedPhotosOf(manager, rows);
  const documents = rows.map((row) => toDocument(row, photos));
  const kept = new Set(documents.map((document) => document.id));
  return { documents, removed: carIds.filter((id) => !kept.has(id)) };
}

/** The next page of a site's listed cars after `afterId`, for a reindex. */
export async function documentsAfter(
  manager: EntityManager,
  siteId: number,
  afterId: number,
  limit: number,
  now: Date,
): Promise<SearchDocument[]> {
  const rows = (await manager.query(
    `${SELECT_CARS} WHERE d.site_id = $1 AND ${LISTED} AND c.id > $3 ORDER BY c.id LIMIT $4`,
    [siteId, now.toISOString(), afterId, limit],
  )) as CarRow[];
  const photos = await storedPhotosOf(manager, rows);
  return rows.map((row) => toDocument(row, photos));
}

/** A listed car as a syndication feed reads it: its search document and what a document does not carry. */
export interface ListedCar {
  document: SearchDocument;
  vin: string | null;
  description: string | null;
  location: {
    street: string | null;
    city: string | null;
    state: string | null;
    postcode: string | null;
    lat: number | null;
    long: number | null;
  } | null;
}

const dataText = (data: Record<string, unknown>, key: string): string | null => {
  const value = data[key];
  return typeof value === 'string' ? value : null;
};

const toListedCar = (row: CarRow, photos: StoredPhotosByDealership): ListedCar => ({
  document: toDocument(row, photos),
  vin: dataText(row.data, 'vin'),
  description: dataText(row.data, 'dealercomments') ?? dataText(row.data, 'description'),
  location:
    row.loc_id === null
      ? null
      : {
          street: row.loc_street,
          city: row.loc_city,
          state: row.loc_state,
          postcode: row.loc_postcode,
          lat: row.loc_lat,
          long: row.loc_long,
        },
});

let cursors = 0;

/**
 * One dealership's listed cars (the site's visibility rules, evaluated now) of the given car types,
 * sold cars only when `includeSold`, in id order, page by page from one server-side cursor: one
 * query plan for the whole stock, and memory of one page whatever its size. `manager` must be in a
 * transaction (a cursor lives as long as its transaction); the cursor is closed when the loop ends
 * or is left early.
 */
export async function* listedCarsOfDealership(
  manager: EntityManager,
  dealershipId: number,
  options: { pageSize: number; now: Date; carTypes: readonly string[]; includeSold: boolean },
): AsyncGenerator<ListedCar[]> {
  const pageSize = Math.max(1, Math.floor(options.pageSize));
  cursors = (cursors + 1) % 1_000_000;
  const cursor = `listed_cars_${cursors}`;
  await manager.query(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR
     ${SELECT_CARS} WHERE c.dealership_id = $1 AND ${LISTED} AND c.car_type = ANY($3::text[]) AND ($4 OR c.status <> 'sold')
     ORDER BY c.id`,
    [dealershipId, options.now.toISOString(), [...options.carTypes], options.includeSold],
  );
  try {
    for (;;) {
      const rows = (await manager.query(`FETCH ${pageSize} FROM ${cursor}`)) as CarRow[];
      if (rows.length === 0) return;
      const photos = await storedPhotosOf(manager, rows);
      yield rows.map((row) => toListedCar(row, photos));
      if (rows.length < pageSize) return;
    }
  } finally {
    await manager.query(`CLOSE ${cursor}`).catch(() => undefined);
  }
}

/** VINs (normalised as feeds write them) that more than one listed car of the dealership carries. */
export async function duplicateVinsOfDealership(
  manager: EntityManager,
  dealershipId: number,
  options: { now: Date; carTypes: readonly string[]; includeSold: boolean },
): Promise<Set<string>> {
  const rows = (await manager.query(
    `SELECT upper(regexp_replace(c.data->>'vin', '[\\s-]+', '', 'g')) AS vin FROM cars c
     WHERE c.dealership_id = $1 AND ${LISTED} AND c.car_type = ANY($3::text[]) AND ($4 OR c.status <> 'sold')
       AND coalesce(c.data->>'vin', '') <> ''
     GROUP BY 1 HAVING count(*) > 1`,
    [dealershipId, options.now.toISOString(), [...options.carTypes], options.includeSold],
  )) as { vin: string }[];
  return new Set(rows.map((row) => row.vin).filter(Boolean));
}

export async function countListedCars(manager: EntityManager, siteId: number, now: Date): Promise<number> {
  const [row] = (await manager.query(
    `SELECT count(*)::int AS n FROM cars c JOIN dealerships d ON d.id = c.dealership_id WHERE d.site_id = $1 AND ${LISTED}`,
    [siteId, now.toISOString()],
  )) as { n: number }[];
  return row?.n ?? 0;
}
