import type { DataSource } from 'typeorm';
import {
  parseConfigLayer,
  parseVisibilityFilters,
  resolveSiteConfig,
  type SearchScope,
  type SiteConfig,
} from '@platform/domain';

/** A site with its site-level configuration (template <- site) and search scope. */
export interface SiteSettings {
  id: number;
  slug: string;
  name: string;
  template: string | null;
  /** active, or suspended (its pages show a maintenance page; issue 51). */
  status: 'active' | 'suspended';
  /** Retired by ops: shoppers' lookups (host, slug, listing) treat it as no site at all. */
  retired: boolean;
  config: SiteConfig;
  scope: SearchScope;
}

export type SiteRef = { id: number } | { slug: string } | { dealershipId: number };

export interface SiteConfigStoreOptions {
  /**
   * How long a read trusts the last version it saw, in ms. 0 (the default) checks the version on
   * every read: one primary-key read, and a change is seen by the very next read in any process.
   */
  checkEveryMs?: number;
  /** How many sites stay cached. */
  maxSites?: number;
}

interface DealershipLayers {
  dealership: unknown;
  manufacturer: unknown;
}

interface SiteRow {
  id: number;
  slug: string;
  name: string;
  status: 'active' | 'suspended';
  retired: boolean;
  template_name: string | null;
  template: unknown;
  site: unknown;
  dealerships: ({ id: number } & DealershipLayers)[];
}

/** Everything one site's configuration is built from, merged lazily and at most once per version. */
class SiteEntry {
  private settingsResult?: { value: SiteSettings } | { error: unknown };
  private readonly dealershipConfigs = new Map<number, SiteConfig>();
  readonly dealershipLayers: Map<number, DealershipLayers>;

  constructor(private readonly row: SiteRow) {
    this.dealershipLayers = new Map(row.dealerships.map((d) => [d.id, d]));
  }

  get id(): number {
    return this.row.id;
  }

  get slug(): string {
    return this.row.slug;
  }

  /** A broken template or site layer throws its SiteConfigError on every read, never a half-merged value. */
  settings(): SiteSettings {
    this.settingsResult ??= attempt(() => this.merge());
    if ('error' in this.settingsResult) throw this.settingsResult.error;
    return this.settingsResult.value;
  }

  /** A broken dealership or brand layer only fails readers of that dealership, not the whole site. */
  dealership(dealershipId: number): SiteConfig {
    const cached = this.dealershipConfigs.get(dealershipId);
    if (cached) return cached;
    const layers = this.dealershipLayers.get(dealershipId);
    if (!layers) throw new Error(`Dealership ${dealershipId} does not exist`);
    const config = resolveSiteConfig({
      template: this.row.template as never,
      site: this.row.site as never,
      dealership: layers.dealership as never,
      manufacturer: layers.manufacturer as never,
    });
    this.dealershipConfigs.set(dealershipId, config);
    return config;
  }

  /** Every lower layer checked against its schema (what the site's config endpoint refuses to serve). */
  checkLowerLayers(): void {
    for (const layers of this.dealershipLayers.values()) {
      parseConfigLayer('dealership', layers.dealership);
      if (layers.manufacturer != null) parseConfigLayer('manufacturer', layers.manufacturer);
    }
  }

  private merge(): SiteSettings {
    const config = resolveSiteConfig({ template: this.row.template as never, site: this.row.site as never });
    return {
      id: this.row.id,
      slug: this.row.slug,
      name: this.row.name,
      template: this.row.template_name,
      status: this.row.status,
      retired: this.row.retired,
      config,
      scope: {
        siteId: this.row.id,
        dealershipIds: [...this.dealershipLayers.keys()],
        visibilityFilters: parseVisibilityFilters(config.search.visibility_filters),
        positivePriceOnPriceAsc: config.search.positive_price_on_price_asc,
      },
    };
  }
}

function attempt<T>(work: () => T): { value: T } | { error: unknown } {
  try {
    return { value: work() };
  } catch (error) {
    return { error };
  }
}

const SITE_QUERY = (where: string) => `
  SELECT s.id, s.slug, s.name, s.status, s.retired_at IS NOT NULL AS retired, s.template AS template_name,
         s.config AS site, t.config AS template,
         coalesce(json_agg(json_build_object('id', d.id, 'dealership', d.config, 'manufacturer', m.config) ORDER BY d.id)
                    FILTER (WHERE d.id IS NOT NULL), '[]') AS dealerships
  FROM sites s
  LEFT JOIN site_templates t ON t.name = s.template
  LEFT JOIN dealerships d ON d.site_id = s.id
  LEFT JOIN manufacturers m ON m.id = d.manufacturer_id
  WHERE ${where}
  GROUP BY s.id, t.config`;

const WHERE: Record<'id' | 'slug' | 'dealershipId', string> = {
  id: 's.id = $1',
  slug: 's.slug = $1',
  dealershipId: 's.id = (SELECT site_id FROM dealerships WHERE id = $1)',
};

/**
 * The one reader of site configuration. A site is loaded with one query (site, template, every
 * dealership and brand layer), merged once and cached; the cache is dropped when the configuration
 * version (bumped by database triggers on every layer) moves, so the api, the worker, ingest and
 * lead delivery all see a change without a restart and never disagree for longer than checkEveryMs.
 */
export class SiteConfigStore {
  private readonly checkEveryMs: number;
  private readonly maxSites: number;
  private readonly bySiteId = new Map<number, SiteEntry>();
  private readonly siteIdBySlug = new Map<string, number>();
  private readonly siteIdByDealership = new Map<number, number>();
  private version: string | null = null;
  private checkedAt = -Infinity;
  private checking: Promise<void> | null = null;
  /** Moves on every drop, so a load that straddled a change never caches what it read. */
  private generation = 0;

  constructor(
    private readonly dataSource: DataSource,
    options: SiteConfigStoreOptions = {},
  ) {
    this.checkEveryMs = options.checkEveryMs ?? 0;
    this.maxSites = options.maxSites ?? 1000;
  }

  /** A site's settings, or null when no site matches. Throws SiteConfigError when its layers are invalid. */
  async site(ref: SiteRef): Promise<SiteSettings | null> {
    return (await this.entry(ref))?.settings() ?? null;
  }

  /** The merged configuration a dealership's cars are shown with (template <- site <- dealership <- brand). */
  async dealership(dealershipId: number): Promise<SiteConfig> {
    const entry = await this.entry({ dealershipId });
    if (!entry) throw new Error(`Dealership ${dealershipId} does not exist`);
    return entry.dealership(dealershipId);
  }

  /** The site-level configuration (template <- site), for work that concerns no one dealership. */
  async siteConfig(siteId: number): Promise<SiteConfig> {
    return (await this.existing({ id: siteId })).config;
  }

  /** A site's search scope: its dealerships and its configured visibility filters. */
  async searchScope(siteId: number): Promise<SearchScope> {
    return (await this.existing({ id: siteId })).scope;
  }

  /** Throws the first SiteConfigError among the site's dealership and brand layers. */
  async checkLowerLayers(ref: SiteRef): Promise<void> {
    (await this.entry(ref))?.checkLowerLayers();
  }

  /** The configuration version (moved by database triggers on any layer's change), checked as reads are. */
  async configVersion(): Promise<string | null> {
    await this.checkVersion();
    return this.version;
  }

  /** Drops everything cached in this process; other processes see the change through the version. */
  invalidate(): void {
    this.generation += 1;
    this.bySiteId.clear();
    this.siteIdBySlug.clear();
    this.siteIdByDealership.clear();
  }

  private async existing(ref: { id: number }): Promise<SiteSettings> {
    const settings = await this.site(ref);
    if (!settings) throw new Error(`Site ${ref.id} does not exist`);
    return settings;
  }

  private async entry(ref: SiteRef): Promise<SiteEntry | null> {
    await this.checkVersion();
    const cached = this.cached(ref);
    if (cached) return cached;
    const generation = this.generation;
    const [key, value] = Object.entries(ref)[0] as [keyof typeof WHERE, number | string];
    const [row] = (await this.dataSource.query(SITE_QUERY(WHERE[key]), [value])) as SiteRow[];
    if (!row) return null;
    const entry = new SiteEntry(row);
    if (generation === this.generation) this.remember(entry);
    return entry;
  }

  private cached(ref: SiteRef): SiteEntry | undefined {
    const siteId =
      'id' in ref
        ? ref.id
        : 'slug' in ref
          ? this.siteIdBySlug.get(ref.slug)
          : this.siteIdByDealership.get(ref.dealershipId);
    return siteId === undefined ? undefined : this.bySiteId.get(siteId);
  }

  private remember(entry: SiteEntry): void {
    if (this.bySiteId.size >= this.maxSites) this.invalidate();
    this.bySiteId.set(entry.id, entry);
    this.siteIdBySlug.set(entry.slug, entry.id);
    for (const dealershipId of entry.dealershipLayers.keys()) this.siteIdByDealership.set(dealershipId, entry.id);
  }

  private async checkVersion(): Promise<void> {
    if (performance.now() - this.checkedAt < this.checkEveryMs) return;
    this.checking ??= this.readVersion().finally(() => (this.checking = null));
    await this.checking;
  }

  private async readVersion(): Promise<void> {
    const [row] = (await this.dataSource.query(`SELECT version::text AS version FROM site_config_version`)) as {
      version: string;
    }[];
    const version = row?.version ?? null;
    if (version !== this.version) {
      this.invalidate();
      this.version = version;
    }
    this.checkedAt = performance.now();
  }
}

const stores = new WeakMap<DataSource, SiteConfigStore>();

/**
 * The store shared by everything in this process that reads through one data source, so the api's
 * requests, the worker's jobs and the libraries they call share one cache. The first caller's
 * options win: apps create it at start with their configured check interval.
 */
export function siteConfigStore(dataSource: DataSource, options?: SiteConfigStoreOptions): SiteConfigStore {
  let store = stores.get(dataSource);
  if (!store) {
    store = new SiteConfigStore(dataSource, options);
    stores.set(dataSource, store);
  }
  return store;
}
