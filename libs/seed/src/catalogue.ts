import {
  parseConfigLayer,
  resolveSiteConfig,
  type ConfigLayerName,
  type SiteConfig,
  type SiteConfigLayer,
} from '@platform/domain';
import { resolveAddress } from './data';
import type { DemoCatalogue, ManufacturerSeed } from './data';

/** A catalogue that cannot be seeded; the message names the record and, for configuration, the zod path. */
export class CatalogueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueError';
  }
}

function checkLayer(layer: ConfigLayerName, where: string, value: SiteConfigLayer): void {
  try {
    parseConfigLayer(layer, value);
  } catch (error) {
    throw new CatalogueError(`${where}: ${(error as Error).message}`);
  }
}

function checkResolves(where: string, resolve: () => SiteConfig): SiteConfig {
  try {
    return resolve();
  } catch (error) {
    throw new CatalogueError(`${where}: ${(error as Error).message}`);
  }
}

function unique<T>(items: T[], keyOf: (item: T) => string, what: string): void {
  const seen = new Set<string>();
  for (const item of items) {
    const key = keyOf(item);
    if (seen.has(key)) throw new CatalogueError(`Duplicate ${what} '${key}'`);
    seen.add(key);
  }
}

/** The merged configuration of every site, dealership and dealership-with-brand of a catalogue. */
export interface ResolvedCatalogueConfig {
  sites: Record<string, SiteConfig>;
  dealerships: Record<string, SiteConfig>;
  /** Keyed '{dealership slug}/{manufacturer slug}'. */
  brands: Record<string, SiteConfig>;
}

/**
 * Checks a catalogue before anything is written: every configuration layer passes
 * parseConfigLayer, every site, dealership and brand combination resolves, references point at
 * known templates and brands, slugs and hosts are unique, and every address is a real suburb
 * of its postcode. Throws CatalogueError naming the record.
 */
export function validateCatalogue(catalogue: DemoCatalogue): ResolvedCatalogueConfig {
  const templates = new Map(catalogue.templates.map((t) => [t.name, t]));
  const manufacturers = new Map<string, ManufacturerSeed>(catalogue.manufacturers.map((m) => [m.slug, m]));
  unique(catalogue.templates, (t) => t.name, 'template');
  unique(catalogue.manufacturers, (m) => m.slug, 'manufacturer slug');
  unique(catalogue.sites, (s) => s.slug, 'site slug');
  unique(
    catalogue.sites.flatMap((s) => s.hosts),
    (h) => h.host,
    'host',
  );
  unique(
    catalogue.sites.flatMap((s) => s.dealerships),
    (d) => d.slug,
    'dealership slug',
  );
  unique(
    catalogue.sites.flatMap((s) => s.dealerships),
    (d) => d.stock.prefix,
    'stock prefix',
  );

  for (const template of catalogue.templates) checkLayer('template', `Template '${template.name}'`, template.config);
  for (const manufacturer of catalogue.manufacturers)
    checkLayer('manufacturer', `Manufacturer '${manufacturer.slug}'`, manufacturer.config);

  const resolved: ResolvedCatalogueConfig = { sites: {}, dealerships: {}, brands: {} };
  for (const site of catalogue.sites) {
    const template = templates.get(site.template);
    if (!template) throw new CatalogueError(`Site '${site.slug}' uses unknown template '${site.template}'`);
    checkLayer('site', `Site '${site.slug}'`, site.config);
    if (site.hosts.filter((h) => h.primary).length !== 1)
      throw new CatalogueError(`Site '${site.slug}' needs exactly one primary host`);
    resolved.sites[site.slug] = checkResolves(`Site '${site.slug}'`, () =>
      resolveSiteConfig({ template: template.config, site: site.config }),
    );
    if (site.dealerships.length === 0) throw new CatalogueError(`Site '${site.slug}' has no dealership`);
    // A directory tile takes its name and logo from the manufacturer record; without one it has neither.
    for (const section of resolved.sites[site.slug].marketing.brand_directory.sections)
      for (const slug of section.brands)
        if (!manufacturers.has(slug))
          throw new CatalogueError(`Site '${site.slug}' brand directory names unknown manufacturer '${slug}'`);

    for (const dealership of site.dealerships) {
      const where = `Dealership '${dealership.slug}'`;
      checkLayer('dealership', where, dealership.config);
      const brands = [
        ...new Set([...(dealership.manufacturer ? [dealership.manufacturer] : []), ...dealership.brands]),
      ];
      for (const slug of brands)
        if (!manufacturers.has(slug)) throw new CatalogueError(`${where} names unknown manufacturer '${slug}'`);
      const layers = { template: template.config, site: site.config, dealership: dealership.config };
      resolved.dealerships[dealership.slug] = checkResolves(where, () => resolveSiteConfig(layers));
      for (const slug of brands) {
        const manufacturer = manufacturers.get(slug) as ManufacturerSeed;
        resolved.brands[`${dealership.slug}/${slug}`] = checkResolves(`${where} with brand '${slug}'`, () =>
          resolveSiteConfig({ ...layers, manufacturer: manufacturer.config }),
        );
      }

      if (dealership.locations.length === 0) throw new CatalogueError(`${where} has no location`);
      if (dealership.locations.filter((l) => l.primary).length !== 1)
        throw new CatalogueError(`${where} needs exactly one primary location`);
      unique(dealership.locations, (l) => l.slug, `location slug in ${where}`);
      for (const location of dealership.locations) {
        for (const slug of location.manufacturers) {
          if (!manufacturers.has(slug))
            throw new CatalogueError(`Location '${location.slug}' names unknown manufacturer '${slug}'`);
        }
        try {
          resolveAddress(location.address);
        } catch (error) {
          throw new CatalogueError(`Location '${location.slug}': ${(error as Error).message}`);
        }
      }
    }
  }
  return resolved;
}
