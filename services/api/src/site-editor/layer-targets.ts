import type { EntityManager } from 'typeorm';
import {
  resolveSiteConfig,
  SiteConfigError,
  themeContrastProblems,
  type LayerKind,
  type SiteConfigLayer,
} from '@platform/domain';
import { notFound, ProblemException } from '@platform/server-kit';

/** A configuration layer the editor works on: where it is stored and whose it is. */
export interface LayerTarget {
  kind: LayerKind;
  /** How the api names it: 'site:north-motors', 'dealership:north-motors', 'template:showroom', 'manufacturer:kia'. */
  name: string;
  /** Its storage key (ids, which outlive a renamed slug): 'site:12', 'dealership:34', 'template:showroom', 'manufacturer:5'. */
  key: string;
  /** What people call it: the site's, dealership's, template's or brand's name. */
  label: string;
  /** The site it belongs to; null for templates and brands, which every site shares. */
  siteId: number | null;
  table: 'site_templates' | 'sites' | 'dealerships' | 'manufacturers';
  idColumn: 'id' | 'name';
  id: number | string;
}

const LAYER_NAME = /^(site|dealership|template|manufacturer):([a-z0-9][a-z0-9-]{0,99})$/;

const badLayer = (name: string): ProblemException =>
  new ProblemException({
    status: 400,
    title: 'Invalid request',
    detail: `'${name}' names no layer: use site:{slug}, dealership:{slug}, template:{name} or manufacturer:{slug}.`,
    errors: [{ path: 'layer', message: 'Use site:{slug}, dealership:{slug}, template:{name} or manufacturer:{slug}.' }],
  });

/** The layer an api path names, or 404 (400 for a name that is no layer at all). Retired sites and dealerships are not edited. */
export async function layerTarget(manager: Pick<EntityManager, 'query'>, name: string): Promise<LayerTarget> {
  const match = LAYER_NAME.exec(name);
  if (!match) throw badLayer(name);
  const [, kind, slug] = match as unknown as [string, LayerKind, string];
  const lookup: Record<LayerKind, string> = {
    site: `SELECT id, name AS label, id AS site_id FROM sites WHERE slug = $1 AND retired_at IS NULL`,
    dealership: `SELECT d.id, d.name AS label, d.site_id FROM dealerships d JOIN sites s ON s.id = d.site_id
                 WHERE d.slug = $1 AND d.retired_at IS NULL AND s.retired_at IS NULL`,
    template: `SELECT name AS id, name AS label, NULL::int AS site_id FROM site_templates WHERE name = $1`,
    manufacturer: `SELECT id, name AS label, NULL::int AS site_id FROM manufacturers WHERE slug = $1`,
  };
  const [row] = (await manager.query(lookup[kind], [slug])) as {
    id: number | string;
    label: string;
    site_id: number | null;
  }[];
  if (!row) throw notFound('No such layer', `There is no ${kind} '${slug}' to edit.`);
  const table = (
    { site: 'sites', dealership: 'dealerships', template: 'site_templates', manufacturer: 'manufacturers' } as const
  )[kind];
  return {
    kind,
    name,
    key: `${kind}:${row.id}`,
    label: row.label,
    siteId: row.site_id,
    table,
    idColumn: kind === 'template' ? 'name' : 'id',
    id: row.id,
  };
}

export interface SiteLayers {
  site_id: number;
  template: unknown;
  site: unknown;
  dealerships: { id: number; manufacturer_id: number | null; dealership: unknown; manufacturer: unknown }[];
}

/** Every site a layer reaches, with all of its layers as stored. */
export async function reachedSitesOf(
  manager: Pick<EntityManager, 'query'>,
  kind: LayerKind,
  id: number | string,
): Promise<SiteLayers[]> {
  const where: Record<LayerKind, string> = {
    site: 's.id = $1',
    dealership: 's.id = (SELECT site_id FROM dealerships WHERE id = $1)',
    template: 's.template = $1',
    manufacturer: 'EXISTS (SELECT 1 FROM dealerships x WHERE x.site_id = s.id AND x.manufacturer_id = $1)',
  };
  return (await manager.query(
    `SELECT s.id AS site_id, t.config AS template, s.config AS site,
            coalesce(json_agg(json_build_object('id', d.id, 'manufacturer_id', d.manufacturer_id, 'dealership', d.config, 'manufacturer', m.config)
                     ORDER BY d.id) FILTER (WHERE d.id IS NOT NULL), '[]') AS dealerships
     FROM sites s
     LEFT JOIN site_templates t ON t.name = s.template
     LEFT JOIN dealerships d ON d.site_id = s.id AND d.retired_at IS NULL
     LEFT JOIN manufacturers m ON m.id = d.manufacturer_id
     WHERE s.retired_at IS NULL AND ${where[kind]}
     GROUP BY s.id, t.config`,
    [id],
  )) as SiteLayers[];
}

/** A site's layers with one of them replaced by a draft. */
export function withLayer(
  site: SiteLayers,
  target: Pick<LayerTarget, 'kind' | 'id'>,
  config: SiteConfigLayer,
): SiteLayers {
  return {
    ...site,
    template: target.kind === 'template' ? config : site.template,
    site: target.kind === 'site' ? config : site.site,
    dealerships: site.dealerships.map((d) => ({
      ...d,
      dealership: target.kind === 'dealership' && d.id === target.id ? config : d.dealership,
      manufacturer: target.kind === 'manufacturer' && d.manufacturer_id === target.id ? config : d.manufacturer,
    })),
  };
}

/**
 * What is wrong with the configuration the pages would be built from if the layer held `config`:
 * the merged result for every site it reaches and every dealership of those sites, each problem
 * once, paths from the configuration's root.
 */
export async function mergedProblems(
  manager: Pick<EntityManager, 'query'>,
  target: LayerTarget,
  config: SiteConfigLayer,
): Promise<{ path: string; message: string }[]> {
  const found = new Map<string, string>();
  for (const stored of await reachedSitesOf(manager, target.kind, target.id)) {
    const site = withLayer(stored, target, config);
    const attempts = [
      () => resolveSiteConfig({ template: site.template as never, site: site.site as never }),
      ...site.dealerships.map(
        (d) => () =>
          resolveSiteConfig({
            template: site.template as never,
            site: site.site as never,
            dealership: d.dealership as never,
            manufacturer: d.manufacturer as never,
          }),
      ),
    ];
    for (const attempt of attempts) {
      try {
        const merged = attempt();
        // Text on the brand colours must stay readable (WCAG AA). Checked when the layer sets colours,
        // so a dealer's hours are never held up by a theme only operators can change.
        for (const problem of config.theme ? themeContrastProblems(merged) : [])
          if (!found.has(problem.path.join('.'))) found.set(problem.path.join('.'), problem.message);
      } catch (error) {
        if (!(error instanceof SiteConfigError)) throw error;
        for (const issue of error.issues) if (!found.has(issue.path)) found.set(issue.path, issue.message);
      }
    }
  }
  return [...found].map(([path, message]) => ({ path, message }));
}
