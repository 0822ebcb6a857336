import {
  compareLocationsByType,
  effectiveLocationType,
  displayPhone,
  telHref,
  type LocationType,
  type SiteConfig,
} from '@platform/domain';
import type { SiteConfigResponse, SiteDealership, SiteListResponse } from './schemas';

/**
 * Reshape functions: turn the API's shapes into the view types the screens render, so components
 * never depend on the wire format.
 */

/** One site in the development index. */
export interface SiteSummary {
  slug: string;
  name: string;
  hosts: string[];
  /** Null when the site's configuration is invalid (see configError). */
  primaryColour: string | null;
  logoUrl: string | null;
  /** Why the site's configuration cannot be used, or null when it is valid. */
  configError: string | null;
}

export function reshapeSiteList(sites: SiteListResponse): SiteSummary[] {
  return sites
    .map((site) => ({
      slug: site.slug,
      name: site.name,
      hosts: site.hosts,
      primaryColour: site.theme?.primary_colour ?? null,
      logoUrl: site.theme?.logo_url ?? null,
      configError: site.config_error ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-AU'));
}

/** A location as a card or list line shows it. */
export interface LocationSummary {
  id: number;
  slug: string;
  name: string;
  type: LocationType;
  city: string | null;
  /** Phone number as the dealer wrote it, or null when the location has none. */
  phone: string | null;
  /** tel: link for the phone number, or null. */
  phoneHref: string | null;
}

export interface DealershipSummary {
  id: number;
  slug: string;
  name: string;
  logoUrl: string | null;
  locations: LocationSummary[];
}

/** Everything the site shell (header, footer, home page) needs about the current site. */
export interface SiteView {
  id: number;
  slug: string;
  name: string;
  template: string | null;
  /** The merged site configuration (platform defaults <- template <- site). */
  config: SiteConfig;
  logo: { src: string; alt: string };
  tagline: string | null;
  /** Dealerships in name order, each with its visible locations (sales first, then service, then parts). */
  dealerships: DealershipSummary[];
  /** Visible locations that belong to no listed dealership. */
  otherLocations: LocationSummary[];
  /** The raw API answer, for screens that need more than the summary (configuration layers, brands). */
  source: SiteConfigResponse;
}

function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

type ApiLocation = SiteConfigResponse['locations'][number];

function reshapeLocation(location: ApiLocation, dealership: SiteDealership | undefined): LocationSummary {
  const phone = blankToNull(location.contact_detail?.phone) ?? blankToNull(location.phone);
  return {
    id: location.id,
    slug: location.slug,
    name: location.name,
    type: effectiveLocationType(location),
    city: blankToNull(location.address?.city) ?? blankToNull(dealership?.override_city),
    phone: phone && displayPhone(phone),
    phoneHref: telHref(phone),
  };
}

function byTypeThenName(a: ApiLocation, b: ApiLocation): number {
  return compareLocationsByType(a, b) || a.name.localeCompare(b.name, 'en-AU');
}

/**
 * The configuration a site's own pages show. On a site of one dealership, its marketing (banners,
 * promotions slider, offers, campaign, popup, claims) is that dealership's, as the api merged it: the
 * dealership's owners change those in their own layer with the site editor (issue 52), and their
 * home page must show what they publish. A group site's pages keep the site's own.
 */
function pagesConfig(response: SiteConfigResponse): SiteConfigResponse['config'] {
  const own = response.dealerships.find((dealership) => dealership.id === response.dealership_id);
  return own ? { ...response.config, marketing: own.config.marketing } : response.config;
}

export function reshapeSite(response: SiteConfigResponse): SiteView {
  const { site } = response;
  const config = pagesConfig(response);
  const dealershipsById = new Map(response.dealerships.map((dealership) => [dealership.id, dealership]));
  const visible = response.locations.filter((location) => location.visible !== false).sort(byTypeThenName);

  const dealerships: DealershipSummary[] = [...response.dealerships]
    .sort((a, b) => a.name.localeCompare(b.name, 'en-AU'))
    .map((dealership) => ({
      id: dealership.id,
      slug: dealership.slug,
      name: dealership.name,
      logoUrl: blankToNull(dealership.logo_url),
      locations: visible
        .filter((location) => location.dealership_id === dealership.id)
        .map((location) => reshapeLocation(location, dealership)),
    }));

  const otherLocations = visible
    .filter((location) => location.dealership_id == null || !dealershipsById.has(location.dealership_id))
    .map((location) => reshapeLocation(location, undefined));

  return {
    id: site.id,
    slug: site.slug,
    name: site.name,
    template: site.template ?? null,
    config,
    logo: { src: config.theme.logo_url, alt: blankToNull(config.theme.logo_alt) ?? site.name },
    tagline: blankToNull(config.wording.tagline),
    dealerships,
    otherLocations,
    source: response,
  };
}
