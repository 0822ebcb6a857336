import type { DataSource } from 'typeorm';
import { AVAILABLE_STATUS_SQL, kmBand } from '@platform/domain';

/** Sold cars still say what the market pays for this long after their sale. */
export const COMPARABLE_SOLD_WITHIN_DAYS = 90;
const MAX_COMPARABLES = 500;

export interface ComparableQuery {
  make: string;
  model: string;
  year: number;
  km: number | null;
  /** The car being priced, left out of its own comparables. */
  excludeCarId?: number;
}

/**
 * Asking prices of comparable cars across every tenant's stock: same make and model (any case),
 * year +-1, within the km band, live or sold in the last 90 days. The price gauge and trade-in
 * estimates read the market the same way.
 */
export async function comparablePrices(
  db: DataSource,
  { make, model, year, km, excludeCarId }: ComparableQuery,
): Promise<number[]> {
  const band = kmBand(km);
  const rows = (await db.query(
    `SELECT c.price FROM cars c
     WHERE lower(c.make) = lower($1) AND lower(c.model) = lower($2) AND c.year BETWEEN $3::int - 1 AND $3::int + 1
       AND c.id <> $4 AND c.price > 10 AND c.withdrawn_at IS NULL
       AND (c.status IN ${AVAILABLE_STATUS_SQL} OR (c.status = 'sold' AND c.sold_date > now() - make_interval(days => $5)))
       AND ($6::int IS NULL OR c.km BETWEEN $6::int AND $7::int)
     LIMIT $8`,
    [
      make,
      model,
      year,
      excludeCarId ?? 0,
      COMPARABLE_SOLD_WITHIN_DAYS,
      band?.min ?? null,
      band?.max ?? null,
      MAX_COMPARABLES,
    ],
  )) as { price: number | string }[];
  return rows.map((r) => Number(r.price));
}
