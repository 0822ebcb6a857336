import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isDeepStrictEqual } from 'node:util';
import type { DataSource, EntityManager } from 'typeorm';
import {
  AVAILABLE_STATUS_SQL,
  dealershipBrands,
  dealershipConfigLayer,
  isAddressRefusal,
  resolveSiteConfig,
  resolveStreetAddress,
  SiteConfigError,
  type DealershipPut,
  type LocationDepartment,
  type LocationPut,
  type SiteConfigLayer,
  type StreetAddress,
} from '@platform/domain';
import { notFound, type FieldError } from '@platform/server-kit';
import { QueueProducer } from '@platform/queues';
import { FeedKeys } from '@platform/stock';
import { PostcodeDirectory } from '../places/postcode-directory';
import {
  placeUrlOf,
  readLocationHours,
  writeLocationHours,
  type SpecialDayInWords,
  type WeekInWords,
} from './location-rows';
import { recordOpsAudit } from './ops-audit';
import {
  conflict,
  invalidRecord,
  isUniqueViolation,
  lockRecord,
  manufacturersNamed,
  present,
  refreshCarDocuments,
  siteForChange,
  siteForRead,
  Unchanged,
  type SiteForChange,
} from './ops-records';

/** A dealership's own fields in the words PUT takes them (DealershipPutSchema). */
export interface DealershipFields {
  name: string;
  manufacturer: string | null;
  brands: string[];
  phone?: string;
  lead_emails: string[];
  config: SiteConfigLayer;
}

/** A dealership as ops read it: what PUT takes, and what only the platform sets. */
export interface DealershipRecord extends DealershipFields {
  site: string;
  slug: string;
  /** Set by DELETE: its cars were withdrawn and its locations hidden; it takes no more changes. */
  retired_at: string | null;
  created_at: string;
  /** Its locations, each its own record (PUT .../locations/{slug}). */
  locations: { slug: string; name: string; location_type: string; primary: boolean; visible: boolean }[];
}

/** A location's own fields in the words PUT takes them (LocationPutSchema). */
export interface LocationFields {
  name: string;
  location_type: string;
  primary: boolean;
  brands: string[];
  address: { street: string; suburb: string; postcode: string };
  phone?: string;
  time_zone: string;
  dealer_license_number?: string;
  hours: Partial<Record<LocationDepartment, WeekInWords>>;
  special_hours: SpecialDayInWords[];
}

/** A location as ops read it: what PUT takes, and what only the platform sets. */
export interface LocationRecord extends LocationFields {
  site: string;
  dealership: string;
  slug: string;
  /** False once hidden (DELETE): the pages leave it out; PUT shows it again. */
  visible: boolean;
  /** Where the postcode data placed the street address (its suburb's name, state and point). */
  geocoded: { city: string; state: string; lat: number | null; long: number | null };
}

/** What a PUT did: 201 when it created the record, 200 when it replaced it or found it as asked. */
export interface Written<T> {
  created: boolean;
  record: T;
}

interface DealershipRow {
  id: number;
  site_id: number;
  site: string;
  slug: string;
  name: string;
  manufacturer: string | null;
  brands: string[];
  phone: string | null;
  config: SiteConfigLayer;
  retired_at: Date | null;
  created_at: Date;
}

interface LocationRow {
  id: number;
  slug: string;
  name: string;
  location_type: string;
  primary: boolean;
  visible: boolean;
  manufacturers: string[];
  street: string;
  city: string;
  state: string;
  postcode: string;
  lat: number | null;
  long: number | null;
  phone: string | null;
  time_zone: string;
  dealer_license_number: string | null;
}

const DEALERSHIP_QUERY = `
  SELECT d.id, d.site_id, s.slug AS site, d.slug, d.name, m.slug AS manufacturer, d.brands, d.phone, d.config,
         d.retired_at, d.created_at
  FROM dealerships d JOIN sites s ON s.id = d.site_id LEFT JOIN manufacturers m ON m.id = d.manufacturer_id
  WHERE d.slug = $1`;

/**
 * The stored configuration layer in PUT's words: lead_emails out of leads.notify_emails (an empty
 * list stays in config: it means "none", where leaving it out inherits the site's).
 */
function fieldsOf(row: DealershipRow): DealershipFields {
  const { leads, ...rest } = row.config;
  const { notify_emails: emails, ...otherLeads } = leads ?? {};
  const lifted = Array.isArray(emails) && emails.length > 0;
  const keptLeads = lifted ? otherLeads : leads;
  return {
    name: row.name,
    manufacturer: row.manufacturer,
    brands: row.brands,
    ...(row.phone ? { phone: row.phone } : {}),
    lead_emails: lifted ? emails : [],
    config: { ...rest, ...(keptLeads && Object.keys(keptLeads).length > 0 ? { leads: keptLeads } : {}) },
  };
}

function locationFieldsOf(row: LocationRow, hours: Pick<LocationFields, 'hours' | 'special_hours'>): LocationFields {
  return {
    name: row.name,
    location_type: row.location_type,
    primary: row.primary,
    brands: row.manufacturers,
    address: { street: row.street, suburb: row.city, postcode: row.postcode },
    ...(row.phone ? { phone: row.phone } : {}),
    time_zone: row.time_zone,
    ...(row.dealer_license_number ? { dealer_license_number: row.dealer_license_number } : {}),
    hours: hours.hours,
    special_hours: hours.special_hours,
  };
}

const dealershipNotFound = (site: string, slug: string) =>
  notFound('Dealership not found', `Site '${site}' has no dealership '${slug}'.`);
const locationNotFound = (dealership: string, slug: string) =>
  notFound('Location not found', `Dealership '${dealership}' has no location '${slug}'.`);
const retiredDealership = (row: DealershipRow) =>
  conflict(
    'Dealership retired',
    `The dealership '${row.slug}' was retired on ${row.retired_at?.toISOString()}: it takes no changes, and keeps its slug (feeds address a dealership by its slug alone).`,
  );

/**
 * Dealerships and their locations as ops records (issue 51 item 1): read, created or replaced by
 * slug (PUT), a dealership retired and a location hidden (DELETE). Every change is one
 * transaction with its ops audit entry (before and after); a PUT that changes nothing is rolled
 * back and leaves no entry. The tables' triggers move the configuration version, so every api,
 * worker and web process sees the change within a second; a change to what the cars' search
 * documents carry (the dealership's name, a location's name or place) queues them to be rebuilt.
 */
@Injectable()
export class OpsDealerships {
  private readonly log = new Logger(OpsDealerships.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly postcodes: PostcodeDirectory,
    private readonly keys: FeedKeys,
    private readonly producer: QueueProducer,
  ) {}

  async getDealership(siteSlug: string, slug: string): Promise<DealershipRecord> {
    const site = await siteForRead(this.db.manager, siteSlug);
    const row = await this.dealershipRow(this.db.manager, slug);
    if (!row || row.site_id !== site.id) throw dealershipNotFound(siteSlug, slug);
    return this.dealershipRecord(this.db.manager, row);
  }

  /** Creates or replaces a dealership of the site; its locations, users and feed keys are left as they are. */
  async putDealership(siteSlug: string, slug: string, body: DealershipPut): Promise<Written<DealershipRecord>> {
    const named = [
      ...(body.manufacturer ? [{ path: 'manufacturer', slug: body.manufacturer }] : []),
      ...body.brands.map((brand, b) => ({ path: `brands.${b}`, slug: brand })),
    ];
    let created = false;
    let reindexSite: number | null = null;
    try {
      await this.db.transaction(async (manager) => {
        await lockRecord(manager, `dealership:${slug}`);
        const site = await siteForChange(manager, siteSlug);
        const existing = await this.dealershipRow(manager, slug, true);
        if (existing && existing.site_id !== site.id)
          throw conflict(
            'Dealership slug taken',
            `The dealership slug '${slug}' belongs to site '${existing.site}': feeds address a dealership by its slug alone, so give this one another. Nothing was changed.`,
          );
        if (existing?.retired_at) throw retiredDealership(existing);
        const { bySlug, unknown } = await manufacturersNamed(manager, named);
        const main = body.manufacturer ? bySlug.get(body.manufacturer) : undefined;
        const errors = [...unknown, ...configIssues(site, dealershipConfigLayer(body), main?.config)];
        if (errors.length > 0) throw invalidRecord('dealership', errors);

        const values = [
          body.name,
          main?.id ?? null,
          JSON.stringify(dealershipConfigLayer(body)),
          body.phone ?? null,
          JSON.stringify([...new Set(body.brands)]),
        ];
        let id: number;
        if (existing) {
          id = existing.id;
          await manager.query(
            `UPDATE dealerships SET name = $2, manufacturer_id = $3, config = $4, phone = $5, brands = $6 WHERE id = $1`,
            [id, ...values],
          );
        } else {
          const [row] = (await manager.query(
            `INSERT INTO dealerships (site_id, slug, name, manufacturer_id, config, phone, brands, position)
             VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT coalesce(max(position) + 1, 0) FROM dealerships WHERE site_id = $1))
             RETURNING id`,
            [site.id, slug, ...values],
          )) as { id: number }[];
          id = present(row, 'the new dealership').id;
          created = true;
        }
        const before = existing ? fieldsOf(existing) : null;
        const after = fieldsOf(present(await this.dealershipRow(manager, slug), 'the dealership'));
        if (before && isDeepStrictEqual(before, after)) throw new Unchanged();
        if (before && before.name !== after.name && (await refreshCarDocuments(manager, site.id, id)) > 0)
          reindexSite = site.id;
        await recordOpsAudit(manager, {
          action: created ? 'dealership.created' : 'dealership.updated',
          siteId: site.id,
          subject: `dealership:${slug}`,
          before: before as Record<string, unknown> | null,
          after: after as unknown as Record<string, unknown>,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(
          'Dealership slug taken',
          `The dealership slug '${slug}' was taken by another change at the same moment: nothing was changed. Try again.`,
        );
      if (!(error instanceof Unchanged)) throw error;
    }
    if (reindexSite !== null) await this.indexSoon(reindexSite);
    return { created, record: await this.getDealership(siteSlug, slug) };
  }

  /**
   * Retires a dealership softly: retired_at is set; its live cars are withdrawn (as a feed that no
   * longer lists them withdraws them: rows, history and leads stay) and leave the site's search;
   * its locations are hidden; its feed keys are revoked, so its stock system's next push is
   * refused. Its leads, users and console stay. Retiring it again changes nothing.
   */
  async retireDealership(siteSlug: string, slug: string): Promise<DealershipRecord> {
    let reindexSite: number | null = null;
    try {
      await this.db.transaction(async (manager) => {
        await lockRecord(manager, `dealership:${slug}`);
        const site = await siteForChange(manager, siteSlug);
        const row = await this.dealershipRow(manager, slug, true);
        if (!row || row.site_id !== site.id) throw dealershipNotFound(siteSlug, slug);
        if (row.retired_at) throw new Unchanged();
        const hidden = (await manager.query(
          `UPDATE locations SET visible = false WHERE dealership_id = $1 AND visible RETURNING slug`,
          [row.id],
        )) as [{ slug: string }[], number];
        const revoked = await this.keys.revokeFor(manager, row.id);
        const [withdrawn] = (await manager.query(
          `WITH withdrawn AS (
             UPDATE cars SET withdrawn_at = now(), content_hash = NULL, updated_at = now()
             WHERE dealership_id = $1 AND withdrawn_at IS NULL
               AND (status IN ${AVAILABLE_STATUS_SQL} OR (status = 'sold' AND listed_until > now()))
             RETURNING id),
           queued AS (INSERT INTO car_changes (site_id, car_id) SELECT $2, id FROM withdrawn RETURNING car_id)
           SELECT count(*)::int AS n FROM queued`,
          [row.id, site.id],
        )) as { n: number }[];
        const [[retired]] = (await manager.query(
          `UPDATE dealerships SET retired_at = now() WHERE id = $1 RETURNING retired_at`,
          [row.id],
        )) as [{ retired_at: Date }[], number];
        if ((withdrawn?.n ?? 0) > 0) reindexSite = site.id;
        await recordOpsAudit(manager, {
          action: 'dealership.retired',
          siteId: site.id,
          subject: `dealership:${slug}`,
          before: { retired_at: null },
          after: {
            retired_at: retired?.retired_at.toISOString() ?? null,
            locations_hidden: hidden[0].map((l) => l.slug),
            feed_keys_revoked: revoked,
            cars_withdrawn: withdrawn?.n ?? 0,
          },
        });
      });
    } catch (error) {
      if (!(error instanceof Unchanged)) throw error;
    }
    if (reindexSite !== null) await this.indexSoon(reindexSite);
    return this.getDealership(siteSlug, slug);
  }

  async getLocation(siteSlug: string, dealershipSlug: string, slug: string): Promise<LocationRecord> {
    const site = await siteForRead(this.db.manager, siteSlug);
    const dealership = await this.dealershipRow(this.db.manager, dealershipSlug);
    if (!dealership || dealership.site_id !== site.id) throw dealershipNotFound(siteSlug, dealershipSlug);
    const location = await this.locationRow(this.db.manager, dealership.id, slug);
    if (!location) throw locationNotFound(dealershipSlug, slug);
    return this.locationRecord(this.db.manager, siteSlug, dealershipSlug, location);
  }

  /**
   * Creates or replaces a location of the dealership, with its weekly hours per department and
   * special days (both replaced whole), and shows it if it was hidden. `primary: true` makes it
   * the dealership's main location (the one before stops being); left out, a location keeps its
   * place, and a new one is primary when the dealership has none. A brand, phone or time zone left
   * out is the dealership's brands, the dealership's phone, and the street's state's zone.
   */
  async putLocation(
    siteSlug: string,
    dealershipSlug: string,
    slug: string,
    body: LocationPut,
  ): Promise<Written<LocationRecord>> {
    const address = resolveStreetAddress(body.address, await this.postcodes.localities(body.address.postcode));
    const addressErrors: FieldError[] = isAddressRefusal(address)
      ? [{ path: `address.${address.field}`, message: address.message }]
      : [];
    let created = false;
    let reindexSite: number | null = null;
    try {
      await this.db.transaction(async (manager) => {
        // One change at a time per dealership: a location made primary unmakes the others.
        await lockRecord(manager, `dealership:${dealershipSlug}`);
        const site = await siteForChange(manager, siteSlug);
        const dealership = await this.dealershipRow(manager, dealershipSlug, true);
        if (!dealership || dealership.site_id !== site.id) throw dealershipNotFound(siteSlug, dealershipSlug);
        if (dealership.retired_at) throw retiredDealership(dealership);
        const { unknown } = await manufacturersNamed(
          manager,
          (body.brands ?? []).map((brand, b) => ({ path: `brands.${b}`, slug: brand })),
        );
        const errors = [...addressErrors, ...unknown];
        if (errors.length > 0 || isAddressRefusal(address)) throw invalidRecord('location', errors);

        const existing = await this.locationRow(manager, dealership.id, slug, true);
        if (body.primary === false && existing?.primary)
          throw conflict(
            'Primary location',
            `'${slug}' is the dealership's primary location: make another location primary (PUT it with "primary": true) instead.`,
            [{ path: 'primary', message: 'Make another location primary instead: a dealership keeps one.' }],
          );
        const [{ has_primary: hasPrimary }] = (await manager.query(
          `SELECT exists(SELECT 1 FROM locations WHERE dealership_id = $1 AND "primary" AND visible AND slug <> $2) AS has_primary`,
          [dealership.id, slug],
        )) as [{ has_primary: boolean }];
        const primary = body.primary === true || (existing ? existing.primary : !hasPrimary && body.primary !== false);
        const before = existing ? await this.locationState(manager, existing) : null;
        const replacedPrimary = primary
          ? (
              (await manager.query(
                `UPDATE locations SET "primary" = false WHERE dealership_id = $1 AND "primary" AND slug <> $2 RETURNING slug`,
                [dealership.id, slug],
              )) as [{ slug: string }[], number]
            )[0].map((l) => l.slug)
          : [];
        const id = await this.writeLocation(manager, dealership, slug, body, address, primary, existing);
        created = !existing;
        const afterRow = present(await this.locationRow(manager, dealership.id, slug), 'the location');
        const after = await this.locationState(manager, afterRow);
        if (before && isDeepStrictEqual(before, after)) throw new Unchanged();
        // The cars' search documents carry their location's (or the primary location's) name and place.
        const moved = existing
          ? (['name', 'street', 'city', 'state', 'postcode', 'lat', 'long', 'primary'] as const).some(
              (column) => existing[column] !== afterRow[column],
            )
          : primary;
        if (moved && (await refreshCarDocuments(manager, site.id, dealership.id)) > 0) reindexSite = site.id;
        await recordOpsAudit(manager, {
          action: created ? 'location.created' : 'location.updated',
          siteId: site.id,
          subject: `location:${dealershipSlug}/${slug}`,
          before: before as Record<string, unknown> | null,
          after: { ...after, ...(replacedPrimary.length > 0 ? { primary_before: replacedPrimary } : {}) },
        });
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(
          'Location slug taken',
          `The location '${slug}' was created by another change at the same moment: nothing was changed. Try again.`,
        );
      if (!(error instanceof Unchanged)) throw error;
    }
    if (reindexSite !== null) await this.indexSoon(reindexSite);
    return { created, record: await this.getLocation(siteSlug, dealershipSlug, slug) };
  }

  /**
   * Hides a location: the pages leave it out; its rows, hours and the cars and leads that name it
   * stay, and PUT shows it again. The primary location cannot be hidden (make another primary
   * first), nor the last one shown (retire the dealership instead). Hiding a hidden one changes nothing.
   */
  async hideLocation(siteSlug: string, dealershipSlug: string, slug: string): Promise<LocationRecord> {
    try {
      await this.db.transaction(async (manager) => {
        await lockRecord(manager, `dealership:${dealershipSlug}`);
        const site = await siteForChange(manager, siteSlug);
        const dealership = await this.dealershipRow(manager, dealershipSlug, true);
        if (!dealership || dealership.site_id !== site.id) throw dealershipNotFound(siteSlug, dealershipSlug);
        if (dealership.retired_at) throw retiredDealership(dealership);
        const location = await this.locationRow(manager, dealership.id, slug, true);
        if (!location) throw locationNotFound(dealershipSlug, slug);
        if (!location.visible) throw new Unchanged();
        if (location.primary)
          throw conflict(
            'Primary location',
            `'${slug}' is the dealership's primary location: make another location primary (PUT it with "primary": true) before hiding this one, or retire the dealership.`,
          );
        const [{ shown }] = (await manager.query(
          `SELECT count(*)::int AS shown FROM locations WHERE dealership_id = $1 AND visible`,
          [dealership.id],
        )) as [{ shown: number }];
        if (shown <= 1)
          throw conflict(
            'Last location',
            `'${slug}' is the last location of '${dealershipSlug}' shown: retire the dealership instead (DELETE /api/ops/sites/${siteSlug}/dealerships/${dealershipSlug}).`,
          );
        await manager.query(`UPDATE locations SET visible = false WHERE id = $1`, [location.id]);
        await recordOpsAudit(manager, {
          action: 'location.hidden',
          siteId: site.id,
          subject: `location:${dealershipSlug}/${slug}`,
          before: { visible: true },
          after: { visible: false },
        });
      });
    } catch (error) {
      if (!(error instanceof Unchanged)) throw error;
    }
    return this.getLocation(siteSlug, dealershipSlug, slug);
  }

  private async writeLocation(
    manager: EntityManager,
    dealership: DealershipRow,
    slug: string,
    body: LocationPut,
    address: StreetAddress,
    primary: boolean,
    existing: LocationRow | null,
  ): Promise<number> {
    const brands = body.brands
      ? [...new Set(body.brands)]
      : dealershipBrands({ manufacturer: dealership.manufacturer, brands: dealership.brands });
    const fields = [
      body.name,
      primary,
      body.location_type,
      JSON.stringify(brands),
      body.dealer_license_number ?? null,
      address.street,
      address.city,
      address.state,
      address.postcode,
      address.lat,
      address.long,
      placeUrlOf(address),
      body.phone ?? dealership.phone ?? null,
      body.time_zone ?? address.time_zone,
    ];
    let id: number;
    if (existing) {
      id = existing.id;
      // A street that did not move keeps its point and place (ops or the seed may have set them finer than a postcode's).
      await manager.query(
        `UPDATE locations SET name = $2, visible = true, "primary" = $3, location_type = $4, manufacturers = $5,
           dealer_license_number = $6,
           lat = CASE WHEN (street, city, state, postcode) IS DISTINCT FROM ($7, $8, $9, $10) THEN $11 ELSE lat END,
           long = CASE WHEN (street, city, state, postcode) IS DISTINCT FROM ($7, $8, $9, $10) THEN $12 ELSE long END,
           place_url = CASE WHEN (street, city, state, postcode) IS DISTINCT FROM ($7, $8, $9, $10) THEN $13 ELSE place_url END,
           place_id = CASE WHEN (street, city, state, postcode) IS DISTINCT FROM ($7, $8, $9, $10) THEN NULL ELSE place_id END,
           street = $7, city = $8, state = $9, postcode = $10, phone = $14, time_zone = $15
         WHERE id = $1`,
        [id, ...fields],
      );
    } else {
      const [row] = (await manager.query(
        `INSERT INTO locations (dealership_id, slug, visible, name, "primary", location_type, manufacturers, dealer_license_number,
           street, city, state, postcode, lat, long, place_url, phone, time_zone)
         VALUES ($1, $2, true, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
        [dealership.id, slug, ...fields],
      )) as { id: number }[];
      id = present(row, 'the new location').id;
    }
    await writeLocationHours(manager, id, body);
    return id;
  }

  private async dealershipRow(
    manager: Pick<EntityManager, 'query'>,
    slug: string,
    lock = false,
  ): Promise<DealershipRow | null> {
    const [row] = (await manager.query(`${DEALERSHIP_QUERY}${lock ? ' FOR UPDATE OF d' : ''}`, [
      slug,
    ])) as DealershipRow[];
    return row ?? null;
  }

  private async locationRow(
    manager: Pick<EntityManager, 'query'>,
    dealershipId: number,
    slug: string,
    lock = false,
  ): Promise<LocationRow | null> {
    const [row] = (await manager.query(
      `SELECT id, slug, name, location_type, "primary", visible, manufacturers, street, city, state, postcode, lat, long,
              phone, time_zone, dealer_license_number
       FROM locations WHERE dealership_id = $1 AND slug = $2${lock ? ' FOR UPDATE' : ''}`,
      [dealershipId, slug],
    )) as LocationRow[];
    return row ?? null;
  }

  private async dealershipRecord(manager: Pick<EntityManager, 'query'>, row: DealershipRow): Promise<DealershipRecord> {
    const locations = (await manager.query(
      `SELECT slug, name, location_type, "primary", visible FROM locations WHERE dealership_id = $1
       ORDER BY "primary" DESC, visible DESC, id`,
      [row.id],
    )) as DealershipRecord['locations'];
    return {
      site: row.site,
      slug: row.slug,
      retired_at: row.retired_at?.toISOString() ?? null,
      created_at: row.created_at.toISOString(),
      ...fieldsOf(row),
      locations,
    };
  }

  /** Everything a location PUT sets, in its words, for comparing and auditing. */
  private async locationState(
    manager: Pick<EntityManager, 'query'>,
    row: LocationRow,
  ): Promise<LocationFields & Pick<LocationRecord, 'visible' | 'geocoded'>> {
    const hours = present((await readLocationHours(manager, [row.id])).get(row.id), 'the hours read');
    return {
      ...locationFieldsOf(row, hours),
      visible: row.visible,
      geocoded: { city: row.city, state: row.state, lat: row.lat, long: row.long },
    };
  }

  private async locationRecord(
    manager: Pick<EntityManager, 'query'>,
    site: string,
    dealership: string,
    row: LocationRow,
  ): Promise<LocationRecord> {
    return { site, dealership, slug: row.slug, ...(await this.locationState(manager, row)) };
  }

  /** The site's search index catches up now (the stock sweep would, later); a queue outage only delays it. */
  private async indexSoon(siteId: number): Promise<void> {
    await this.producer.add('searchIndex', { siteId }).catch((error: unknown) => {
      this.log.warn(`search index of site ${siteId} not queued (the sweep will catch up): ${String(error)}`);
    });
  }
}

/**
 * The field errors of a dealership's configuration layer as the pages would merge it (template,
 * site, this layer, its brand's), as onboarding checks it. A broken template, site or brand layer
 * is named too: the dealership could not be shown until it is fixed.
 */
function configIssues(
  site: SiteForChange,
  layer: SiteConfigLayer,
  manufacturer: Record<string, unknown> | undefined,
): FieldError[] {
  try {
    resolveSiteConfig({
      template: site.template_config as SiteConfigLayer | null,
      site: site.config as SiteConfigLayer,
      dealership: layer,
      manufacturer: manufacturer as SiteConfigLayer | undefined,
    });
    return [];
  } catch (error) {
    if (!(error instanceof SiteConfigError)) throw error;
    return error.issues.map((issue) =>
      error.layer === 'dealership' || error.layer === 'merged'
        ? { path: `config.${issue.path}`, message: issue.message }
        : {
            path: error.layer === 'manufacturer' ? 'manufacturer' : 'config',
            message: `The ${error.layer}'s own configuration is invalid (${issue.path}: ${issue.message}); fix it first.`,
          },
    );
  }
}
