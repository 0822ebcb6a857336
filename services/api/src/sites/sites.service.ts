import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, IsNull, type DataSource } from 'typeorm';
import {
  HOST_STATUSES,
  servesHost,
  servicingClaims,
  SiteConfigError,
  verificationValue,
  type GateConfig,
  type SiteConfig,
} from '@platform/domain';
import {
  DealershipEntity,
  DealershipWebsiteEntity,
  LocationEntity,
  ManufacturerEntity,
  SiteEntity,
  SiteHostEntity,
} from '@platform/db';
import { notFound } from '@platform/server-kit';
import { SiteConfigStore } from '@platform/site-config';
import { previewConfigs, previewDraftOf, previewHoursOf } from '../site-editor/preview-drafts';
import { guardConfig } from './site-directory';
import {
  dealershipView,
  dealershipWebsiteView,
  locationView,
  manufacturerView,
  withPreviewHours,
  type SiteSummary,
} from './site-view';

/** Host names are matched lower-case and without a port. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** The host states a site is served at (pending serves nothing). */
const SERVING = HOST_STATUSES.filter(servesHost);

/** What the web proxy needs before any page renders, including who may frame the site and its primary host. */
export type SiteByHost = {
  slug: string;
  name: string;
  embedding: SiteConfig['embedding'];
  /** The site's chat widget, whose origin its pages' CSP lets through (and no other site's). */
  chat: SiteConfig['chat'];
  primary_host: string;
  /** active, or suspended: the web shows a suspended site's maintenance page (issue 51). */
  status: 'active' | 'suspended';
} & GateConfig;

@Injectable()
export class SitesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: SiteConfigStore,
  ) {}

  async list(): Promise<SiteSummary[]> {
    // A retired site is listed nowhere a shopper looks (ops list it: GET /api/ops/sites?retired=true).
    const sites = await this.db
      .getRepository(SiteEntity)
      .find({ where: { retired_at: IsNull() }, relations: { hosts: true }, order: { name: 'ASC' } });
    return Promise.all(
      sites.map(async (site) => {
        const listed = { slug: site.slug, name: site.name, status: site.status, hosts: this.hostNames(site.hosts) };
        // One broken site must not hide the others from the listing; it is listed with its error.
        try {
          const { config } = (await this.store.site({ id: site.id }))!;
          return {
            ...listed,
            theme: { primary_colour: config.theme.primary_colour, logo_url: config.theme.logo_url },
            config_error: null,
          };
        } catch (error) {
          if (!(error instanceof SiteConfigError)) throw error;
          return { ...listed, theme: null, config_error: error.message };
        }
      }),
    );
  }

  /**
   * The site served at a host, with what the web proxy needs before any page renders: the sign-in
   * gates and the routes they are matched against. Only a host that serves (verified, or failing
   * while ops look) of a site not retired is found: a pending host (its TXT record not seen yet)
   * and a removed one are unknown, as no site had them. Read from the database on every call, so
   * a change is seen by the next request (the web's host cache follows the configuration version).
   */
  async byHost(rawHost: string): Promise<SiteByHost> {
    const host = normaliseHost(rawHost);
    const row = await this.db.getRepository(SiteHostEntity).findOne({
      where: { host, status: In(SERVING), site: { retired_at: IsNull() } },
      relations: { site: { hosts: true } },
    });
    if (!row) throw notFound('Site not found', `No site is served at the host '${host}'.`);
    const { gates, routes, embedding, chat } = await this.resolve(row.site.id);
    return {
      slug: row.site.slug,
      name: row.site.name,
      gates,
      routes,
      embedding,
      chat,
      primary_host: this.hostNames(row.site.hosts)[0] ?? host,
      status: row.site.status,
    };
  }

  /**
   * A host's HTTP verification value (issue 51), whatever its state: a pending host must show it
   * before it serves, and a verified one keeps showing it for the hourly re-check. Only a host with a
   * token (development hosts and the seed's have none) of a site not retired; any other name is
   * unknown, as for by-host, so nothing is said about names the platform does not serve.
   */
  async hostVerification(rawHost: string): Promise<{ host: string; value: string }> {
    const host = normaliseHost(rawHost);
    const [row] = (await this.db.query(
      `SELECT h.verification_token FROM site_hosts h JOIN sites s ON s.id = h.site_id
       WHERE h.host = $1 AND h.verification_token IS NOT NULL AND s.retired_at IS NULL`,
      [host],
    )) as { verification_token: string }[];
    if (!row) throw notFound('Host not found', `'${host}' is not a custom domain of any site.`);
    return { host, value: verificationValue(row.verification_token) };
  }

  /** The site's merged configuration with its dealerships, brands, locations and sister sites. */
  async config(slug: string, previewToken?: string) {
    const site = await this.db
      .getRepository(SiteEntity)
      .findOne({ where: { slug, retired_at: IsNull() }, relations: { hosts: true } });
    if (!site) throw notFound('Site not found', `No site has the slug '${slug}'.`);
    // A preview link's draft (issue 52): the pages as they would be with it published, for its holder alone.
    const draft = previewToken ? await previewDraftOf(this.db, site.id, previewToken) : null;
    const preview = draft ? await guardConfig(() => previewConfigs(this.db, site.id, draft)) : null;
    const config = preview?.site ?? (await this.resolve(site.id));
    // Lower layers are checked here too, so a broken dealership or brand layer is refused at load
    // rather than when a shopper first opens one of its cars.
    await guardConfig(() => this.store.checkLowerLayers({ id: site.id }));

    const dealerships = await this.db
      .getRepository(DealershipEntity)
      // A retired dealership (issue 51) is gone from the pages: its cars are withdrawn and its
      // locations hidden, and a site left with one dealership is a single-dealership site again.
      .find({ where: { site_id: site.id, retired_at: IsNull() }, order: { position: 'ASC', name: 'ASC' } });
    const dealershipIds = dealerships.map((d) => d.id);
    const manufacturerIds = [
      ...new Set(dealerships.map((d) => d.manufacturer_id).filter((id): id is number => id != null)),
    ];
    const [locations, websites] = await Promise.all([
      dealershipIds.length
        ? this.db.getRepository(LocationEntity).find({
            where: { dealership_id: In(dealershipIds) },
            relations: { hours: true, special_hours: true },
            order: { id: 'ASC' },
          })
        : [],
      this.db
        .getRepository(DealershipWebsiteEntity)
        .find({ where: { site_id: site.id }, order: { position: 'ASC', name: 'ASC' } }),
    ]);
    // The site's brands: each dealership's own make, every make its locations sell (a Hyundai & Kia
    // dealership has one manufacturer_id but sells both) and the brands its directory lists, so
    // every tile and make logo gets the manufacturer's own name and logo.
    const brandSlugs = [
      ...new Set([
        ...locations.flatMap((l) => l.manufacturers ?? []),
        ...(config.features.brand_directory_enabled
          ? config.marketing.brand_directory.sections.flatMap((section) => section.brands)
          : []),
      ]),
    ];
    const brandWhere = [
      ...(manufacturerIds.length ? [{ id: In(manufacturerIds) }] : []),
      ...(brandSlugs.length ? [{ slug: In(brandSlugs) }] : []),
    ];
    // Apart from those, the brands of the makes in its stock, for their logos alone: a used
    // Holden's make tile has Holden's logo (spec 001 screen 9: make tiles with their logos), while
    // the site's own brands (its directory, overviews, configuration layers) stay its own.
    const stockBrands = dealershipIds.length
      ? ((await this.db.query(
          `SELECT m.name, m.slug, m.logo_url FROM manufacturers m
           WHERE m.logo_url IS NOT NULL
             AND EXISTS (SELECT 1 FROM cars c WHERE c.dealership_id = ANY($1) AND c.show_on_dealer_website
                         AND (lower(c.make) = lower(m.name) OR lower(c.make) = lower(m.slug)))
           ORDER BY m.name`,
          [dealershipIds],
        )) as { name: string; slug: string; logo_url: string }[])
      : [];
    const manufacturers = brandWhere.length
      ? await this.db.getRepository(ManufacturerEntity).find({ where: brandWhere, order: { name: 'ASC' } })
      : [];

    const dealershipById = new Map(dealerships.map((d) => [d.id, d]));
    const dealershipConfigs = await Promise.all(
      dealerships.map(async (d) => preview?.dealerships.get(d.id) ?? this.store.dealership(d.id)),
    );
    return {
      site: {
        id: site.id,
        slug: site.slug,
        name: site.name,
        template: site.template,
        status: site.status,
        hosts: this.hostNames(site.hosts),
      },
      config,
      dealership_id: dealerships.length === 1 ? dealerships[0].id : null,
      // Each dealership's configuration merged here, the one place layers are merged, so the web never merges them.
      dealerships: dealerships.map((d, i) => ({ ...dealershipView(d), config: dealershipConfigs[i] })),
      manufacturers: manufacturers.map(manufacturerView),
      stock_brands: stockBrands.map((brand) => ({ name: brand.name, slug: brand.slug, logo: { url: brand.logo_url } })),
      locations: locations.map((l) =>
        locationView(
          withPreviewHours(l, previewHoursOf(draft, l.dealership_id, l.slug)),
          dealershipById.get(l.dealership_id) as DealershipEntity,
        ),
      ),
      dealership_websites: websites.map(dealershipWebsiteView),
      servicing_claims: servicingClaims(config, dealershipConfigs),
      preview: draft ? { author: draft.author } : null,
    };
  }

  /** The hosts that serve (never a pending one), the primary first. */
  private hostNames(hosts: SiteHostEntity[] | undefined): string[] {
    return [...(hosts ?? [])]
      .filter((h) => servesHost(h.status))
      .sort((a, b) => Number(b.primary) - Number(a.primary) || a.host.localeCompare(b.host))
      .map((h) => h.host);
  }

  private async resolve(siteId: number): Promise<SiteConfig> {
    const settings = await guardConfig(() => this.store.site({ id: siteId }));
    if (!settings) throw notFound('Site not found', `No site has the id ${siteId}.`);
    return settings.config;
  }
}
