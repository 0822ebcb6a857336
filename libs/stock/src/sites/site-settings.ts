import type { EntityManager } from 'typeorm';
import { parseVisibilityFilters, resolveSiteConfig, type SearchScope, type SiteConfig } from '@platform/domain';

/**
 * The merged configuration of one dealership (template <- site <- dealership <- manufacturer):
 * where the per-dealership inventory settings (snapshot_missing_action, mass_removal_guard) come from.
 */
export async function dealershipConfig(manager: EntityManager, dealershipId: number): Promise<SiteConfig> {
  const [row] = (await manager.query(
    `SELECT t.config AS template, s.config AS site, d.config AS dealership, m.config AS manufacturer
     FROM dealerships d
     JOIN sites s ON s.id = d.site_id
     LEFT JOIN site_templates t ON t.name = s.template
     LEFT JOIN manufacturers m ON m.id = d.manufacturer_id
     WHERE d.id = $1`,
    [dealershipId],
  )) as { template: unknown; site: unknown; dealership: unknown; manufacturer: unknown }[];
  if (!row) throw new Error(`Dealership ${dealershipId} does not exist`);
  return resolveSiteConfig(row as Parameters<typeof resolveSiteConfig>[0]);
}

/** A site with its site-level configuration (template <- site) and search scope, read in one query. */
export interface SiteSettings {
  id: number;
  slug: string;
  name: string;
  config: SiteConfig;
  scope: SearchScope;
}

/**
 * A site's settings by id or slug: one query for the site, its template and its dealerships, one
 * merge of the layers. Null when no site matches. Every site-level reader goes through it, so a
 * request never resolves the same configuration twice.
 */
export async function siteSettings(
  manager: EntityManager,
  site: { id: number } | { slug: string },
): Promise<SiteSettings | null> {
  const [row] = (await manager.query(
    `SELECT s.id, s.slug, s.name, s.config AS site, t.config AS template,
            coalesce((SELECT array_agg(d.id ORDER BY d.id) FROM dealerships d WHERE d.site_id = s.id), '{}') AS dealership_ids
     FROM sites s LEFT JOIN site_templates t ON t.name = s.template WHERE ${'id' in site ? 's.id = $1' : 's.slug = $1'}`,
    ['id' in site ? site.id : site.slug],
  )) as { id: number; slug: string; name: string; site: unknown; template: unknown; dealership_ids: number[] }[];
  if (!row) return null;
  const config = resolveSiteConfig({ template: row.template as never, site: row.site as never });
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    config,
    scope: {
      siteId: row.id,
      dealershipIds: row.dealership_ids,
      visibilityFilters: parseVisibilityFilters(config.search.visibility_filters),
      positivePriceOnPriceAsc: config.search.positive_price_on_price_asc,
    },
  };
}

async function settingsOf(manager: EntityManager, siteId: number): Promise<SiteSettings> {
  const settings = await siteSettings(manager, { id: siteId });
  if (!settings) throw new Error(`Site ${siteId} does not exist`);
  return settings;
}

/** The site-level configuration (template <- site), for work that concerns no one dealership. */
export async function siteConfig(manager: EntityManager, siteId: number): Promise<SiteConfig> {
  return (await settingsOf(manager, siteId)).config;
}

/** A site's search scope: its dealerships and its configured visibility filters. */
export async function searchScopeOf(manager: EntityManager, siteId: number): Promise<SearchScope> {
  return (await settingsOf(manager, siteId)).scope;
}
