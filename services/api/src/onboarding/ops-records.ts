import type { EntityManager } from 'typeorm';
import { notFound, ProblemException, type FieldError } from '@platform/server-kit';

/**
 * What the ops records (dealerships, locations, brands) share: how a site is found for a change,
 * how a refusal reads, and how a PUT that changes nothing leaves no trace.
 */

/** A site as a change to one of its records needs it: its layers, to check a configuration against. */
export interface SiteForChange {
  id: number;
  slug: string;
  template_config: Record<string, unknown> | null;
  config: Record<string, unknown>;
  retired_at: Date | null;
}

export const siteNotFound = (slug: string): ProblemException =>
  notFound('Site not found', `No site has the slug '${slug}'.`);

/**
 * The site, held (FOR SHARE) until the change commits, so it cannot be retired half way through
 * one: 404 for no site, 409 for a retired one (it takes no changes, as PATCH answers).
 */
export async function siteForChange(manager: EntityManager, slug: string): Promise<SiteForChange> {
  const [site] = (await manager.query(
    `SELECT s.id, s.slug, t.config AS template_config, s.config, s.retired_at
     FROM sites s LEFT JOIN site_templates t ON t.name = s.template WHERE s.slug = $1 FOR SHARE OF s`,
    [slug],
  )) as SiteForChange[];
  if (!site) throw siteNotFound(slug);
  if (site.retired_at)
    throw new ProblemException({
      status: 409,
      title: 'Site retired',
      detail: `The site '${slug}' was retired on ${site.retired_at.toISOString()}: it takes no changes.`,
    });
  return site;
}

/** The site for a read: retired ones too (ops may look at one until it is purged). */
export async function siteForRead(manager: Pick<EntityManager, 'query'>, slug: string): Promise<{ id: number }> {
  const [site] = (await manager.query(`SELECT id FROM sites WHERE slug = $1`, [slug])) as { id: number }[];
  if (!site) throw siteNotFound(slug);
  return site;
}

/** A refusal naming each field; nothing was written. */
export const invalidRecord = (what: string, errors: FieldError[]): ProblemException =>
  new ProblemException({
    status: 400,
    title: `Invalid ${what}`,
    detail: `Nothing was changed. ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    errors,
  });

/** A conflict with what exists (a retired record, a slug of another site, the primary location). */
export const conflict = (title: string, detail: string, errors?: FieldError[]): ProblemException =>
  new ProblemException({ status: 409, title, detail, ...(errors ? { errors } : {}) });

/**
 * Thrown inside a change's transaction when the record reads back exactly as it was: the
 * transaction rolls back (no audit entry, no configuration version), and the PUT answers 200.
 */
export class Unchanged extends Error {
  constructor() {
    super('unchanged');
  }
}

/** Serialises the changes of one record (by its natural key) across api processes, within a transaction. */
export async function lockRecord(manager: EntityManager, key: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`ops-record:${key}`]);
}

/** What a step inside a change's own transaction must have found (the row it just wrote). */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Ops record: ${what} missing inside its own transaction`);
  return value;
}

/** True when PostgreSQL refused a row because a unique key was taken meanwhile. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string })?.code === '23505';

/** The manufacturers a record names, by slug, and a field error for each slug the platform has no brand for. */
export async function manufacturersNamed(
  manager: Pick<EntityManager, 'query'>,
  named: { path: string; slug: string }[],
): Promise<{ bySlug: Map<string, { id: number; config: Record<string, unknown> }>; unknown: FieldError[] }> {
  const rows = (await manager.query(`SELECT id, slug, config FROM manufacturers WHERE slug = ANY($1::text[])`, [
    [...new Set(named.map((ref) => ref.slug))],
  ])) as { id: number; slug: string; config: Record<string, unknown> }[];
  const bySlug = new Map(rows.map((row) => [row.slug, { id: row.id, config: row.config }]));
  const missing = named.filter((ref) => !bySlug.has(ref.slug));
  if (missing.length === 0) return { bySlug, unknown: [] };
  const known = (await manager.query(`SELECT slug FROM manufacturers ORDER BY slug LIMIT 40`)) as { slug: string }[];
  return {
    bySlug,
    unknown: missing.map((ref) => ({
      path: ref.path,
      message: `No manufacturer has the slug '${ref.slug}'. Use one of the platform's: ${known.map((m) => m.slug).join(', ') || 'none yet'} (or add it: PUT /api/ops/manufacturers/${ref.slug}).`,
    })),
  };
}

/**
 * Puts the dealership's cars that are not withdrawn in the search outbox (car_changes), so their
 * documents (which carry the dealership's name and the location's name and place) are rebuilt;
 * returns how many.
 */
export async function refreshCarDocuments(
  manager: EntityManager,
  siteId: number,
  dealershipId: number,
): Promise<number> {
  const [row] = (await manager.query(
    `WITH queued AS (INSERT INTO car_changes (site_id, car_id)
                     SELECT $1, id FROM cars WHERE dealership_id = $2 AND withdrawn_at IS NULL RETURNING car_id)
     SELECT count(*)::int AS n FROM queued`,
    [siteId, dealershipId],
  )) as { n: number }[];
  return row?.n ?? 0;
}
