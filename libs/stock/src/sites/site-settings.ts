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

/** The site-level configuration (template <- site), for work that concerns no one dealership. */
export async function siteConfig(manager: EntityManager, siteId: number): Promise<SiteConfig> {
  const [row] = (await manager.query(`SELECT s.config AS site, t.config AS template FROM sites s LEFT JOIN site_templates t ON t.name = s.template WHERE s.id = $1`, [siteId])) as {
    site: unknown;
    template: unknown;
  }[];
  if (!row) throw new Error(`Site ${siteId} does not exist`);
  return resolveSiteConfig(row as Parameters<typeof resolveSiteConfig>[0]);
}

/** A site's search scope: its dealerships and its configured visibility filters. */
export async function searchScopeOf(manager: EntityManager, siteId: number): Promise<SearchScope> {
  const [site] = (await manager.query(
    `SELECT s.config AS site, t.config AS template,
            coalesce((SELECT array_agg(d.id ORDER BY d.id) FROM dealerships d WHERE d.site_id = s.id), '{}') AS dealership_ids
     FROM sites s LEFT JOIN site_templates t ON t.name = s.template WHERE s.id = $1`,
    [siteId],
  )) as { site: unknown; template: unknown; dealership_ids: number[] }[];
  if (!site) throw new Error(`Site ${siteId} does not exist`);
  const config = resolveSiteConfig({ template: site.template as never, site: site.site as never });
  return {
    siteId,
    dealershipIds: site.dealership_ids,
    visibilityFilters: parseVisibilityFilters(config.search.visibility_filters),
    positivePriceOnPriceAsc: config.search.positive_price_on_price_asc,
  };
}
