import type { DataSource, EntityManager } from 'typeorm';
import {
  carPhotoAddresses,
  NO_STORED_PHOTOS,
  photoLookupOf,
  type PhotoLookup,
  type StoredPhoto,
} from '@platform/domain';

/** Stored photos of a batch of cars, by each car's dealership (an address is another dealership's photo elsewhere). */
export type StoredPhotosByDealership = (dealershipId: number) => PhotoLookup;

/**
 * The stored photo of every dealer photo address a batch of cars carries (issue 38), in one
 * query for the whole batch: a photo is a car's only through its own dealership's row for that
 * address, and only once stored. Pages, documents and emails draw from this, never from the
 * dealer's address. Addresses refused or unreachable are reported too (PhotoLookup.dropped):
 * those photos leave the car's gallery and photo count until they are stored (issue 54).
 */
export async function storedPhotosOf(
  db: DataSource | EntityManager,
  cars: readonly { dealership_id: number; data: Record<string, unknown> | null | undefined }[],
): Promise<StoredPhotosByDealership> {
  const dealerships: number[] = [];
  const addresses: string[] = [];
  for (const car of cars)
    for (const { url } of carPhotoAddresses(car.data ?? {})) {
      dealerships.push(car.dealership_id);
      addresses.push(url);
    }
  if (addresses.length === 0) return () => NO_STORED_PHOTOS;
  // Stored rows carry their photo; refused and unreachable ones only their address (PhotoLookup.dropped).
  const rows = (await db.query(
    `SELECT p.dealership_id, p.source_url, p.status, p.content_hash AS hash, p.width, p.height
       FROM photos p
       JOIN (SELECT DISTINCT * FROM unnest($1::int[], $2::text[]) AS wanted(dealership_id, source_url)) w
         ON w.dealership_id = p.dealership_id AND w.source_url = p.source_url
      WHERE (p.status = 'stored' AND p.content_hash IS NOT NULL AND p.width IS NOT NULL AND p.height IS NOT NULL)
         OR p.status IN ('refused', 'unreachable')`,
    [dealerships, addresses],
  )) as ({ dealership_id: number; source_url: string; status: string } & StoredPhoto)[];
  const byDealership = new Map<number, { stored: ({ source_url: string } & StoredPhoto)[]; dropped: string[] }>();
  for (const row of rows) {
    const entry = byDealership.get(row.dealership_id) ?? { stored: [], dropped: [] };
    if (row.status === 'stored') entry.stored.push(row);
    else entry.dropped.push(row.source_url);
    byDealership.set(row.dealership_id, entry);
  }
  const lookups = new Map(
    [...byDealership].map(([id, entry]) => [id, photoLookupOf(entry.stored, entry.dropped)] as const),
  );
  return (dealershipId) => lookups.get(dealershipId) ?? NO_STORED_PHOTOS;
}
