import { z } from 'zod';
import {
  DealershipSchema,
  DealershipWebsiteSchema,
  ChatSchema,
  GatesSchema,
  EmbeddingSchema,
  IdSchema,
  LocationSchema,
  ManufacturerSchema,
  RoutesSchema,
  SiteConfigLayerSchema,
  SiteConfigSchema,
} from '@platform/domain';
import { SITE_SLUG_PATTERN } from '../tenancy/host';

/**
 * Shapes of the API responses the web reads. Entities and configuration come from @platform/domain
 * (one schema for API, worker and web); only the envelopes of the site endpoints are defined here.
 */

export const SiteSlugSchema = z.string().regex(SITE_SLUG_PATTERN, 'Site slugs are lower-case words joined by hyphens');

/** GET /api/sites/by-host/{host}: the site, and the sign-in gates the proxy applies before any page renders. */
export const SiteByHostResponseSchema = z.object({
  slug: SiteSlugSchema,
  name: z.string().min(1),
  gates: GatesSchema,
  routes: RoutesSchema,
  embedding: EmbeddingSchema,
  // Optional: an api that predates it answers without, meaning no chat widget.
  chat: ChatSchema.optional(),
  primary_host: z.string().min(1),
  // suspended: every page but the dealer console answers the maintenance page (issue 51). An api
  // that predates it answers without, meaning active.
  status: z.enum(['active', 'suspended']).optional(),
});
export type SiteByHostResponse = z.infer<typeof SiteByHostResponseSchema>;

/** GET /api/sites (development index). */
export const SiteListResponseSchema = z.array(
  z.object({
    slug: SiteSlugSchema,
    name: z.string().min(1),
    hosts: z.array(z.string()),
    /** Null when the site's configuration fails its schema; config_error then says why. */
    theme: z
      .object({
        primary_colour: z.string(),
        logo_url: z.string().nullish(),
      })
      .nullable(),
    config_error: z.string().nullish(),
  }),
);
export type SiteListResponse = z.infer<typeof SiteListResponseSchema>;

/** A dealership as the site configuration endpoint lists it: its brand, logo and resolved configuration. */
export const SiteDealershipSchema = DealershipSchema.omit({ locations: true, logo: true }).extend({
  logo_url: z.string().nullish(),
  config_overrides: SiteConfigLayerSchema.nullish(),
  /** Merged by the api (template <- site <- dealership <- brand): the web never merges layers itself. */
  config: SiteConfigSchema,
});
export type SiteDealership = z.infer<typeof SiteDealershipSchema>;

export const SiteManufacturerSchema = ManufacturerSchema.extend({
  config_overrides: SiteConfigLayerSchema.nullish(),
});
export type SiteManufacturer = z.infer<typeof SiteManufacturerSchema>;

/** GET /api/sites/{siteSlug}/config */
export const SiteConfigResponseSchema = z.object({
  site: z.object({
    id: IdSchema,
    slug: SiteSlugSchema,
    name: z.string().min(1),
    template: z.string().nullish(),
    hosts: z.array(z.string()),
  }),
  config: SiteConfigSchema,
  dealership_id: IdSchema.nullable(),
  dealerships: z.array(SiteDealershipSchema),
  manufacturers: z.array(SiteManufacturerSchema),
  /** The brands of the makes in the site's stock, for make tiles' logos only. */
  stock_brands: z.array(ManufacturerSchema.pick({ name: true, slug: true, logo: true })).default([]),
  locations: z.array(LocationSchema),
  dealership_websites: z.array(DealershipWebsiteSchema),
  /** The servicing page's claims, from each dealership's merged configuration (brand claims included). */
  servicing_claims: z.array(z.string()).default([]),
  /** Set when the page is a preview link's: the site with someone's draft applied. */
  preview: z.object({ author: z.string() }).nullish(),
});
export type SiteConfigResponse = z.infer<typeof SiteConfigResponseSchema>;
