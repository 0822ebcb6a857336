import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { siteOrigin } from '@platform/domain';
import { ENV, notFound } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { SiteDirectory, type SiteContext } from '../sites/site-directory';

/** Who answers: the dealer's name and its site's address, carried by every answer the endpoint gives. */
export interface McpDealer {
  name: string;
  /** The site's public origin on its primary host, e.g. https://www.example.com.au. */
  website: string;
}

/** A site as its MCP endpoint serves it: the site, its dealer card and its dealerships by id. */
export interface McpSite {
  site: SiteContext;
  dealer: McpDealer;
  /** The site's live dealerships (a retired one is gone from the pages): name and public slug. */
  dealerships: ReadonlyMap<number, { name: string; slug: string }>;
  /** An absolute link on the site: `page('/cars/x')` is `https://{primary host}/cars/x`. */
  page(path: string): string;
}

/**
 * Opens a site for its MCP endpoint: an unknown or retired site, and one whose dealer switched the
 * endpoint off (features.mcp_enabled), are the same 404, so the endpoint says nothing about a site
 * that does not offer it. Links are on the site's primary host by the one siteOrigin rule, never
 * on what the request's Host says.
 */
@Injectable()
export class McpSites {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ENV) private readonly env: ApiEnv,
    private readonly sites: SiteDirectory,
  ) {}

  async open(slug: string): Promise<McpSite> {
    const site = await this.sites.bySlug(slug);
    if (!site.config.features.mcp_enabled)
      throw notFound(
        'No MCP endpoint',
        `The site '${slug}' does not offer an MCP endpoint (features.mcp_enabled is off).`,
      );
    const [hosts, dealerships] = await Promise.all([
      this.db.query(
        `SELECT h.host FROM site_hosts h WHERE h.site_id = $1 AND h.status <> 'pending'
         ORDER BY h."primary" DESC, h.host LIMIT 1`,
        [site.id],
      ) as Promise<{ host: string }[]>,
      this.db.query(`SELECT id, name, slug FROM dealerships WHERE site_id = $1 AND retired_at IS NULL`, [
        site.id,
      ]) as Promise<{ id: number; name: string; slug: string }[]>,
    ]);
    const origin = siteOrigin({ host: hosts[0]?.host ?? null, slug: site.slug }, this.env.WEB_PORT);
    return {
      site,
      dealer: { name: site.name, website: origin },
      dealerships: new Map(dealerships.map((d) => [d.id, { name: d.name, slug: d.slug }])),
      page: (path) => `${origin}${path.startsWith('/') ? path : `/${path}`}`,
    };
  }
}
