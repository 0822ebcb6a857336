import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import {
  dealershipConfigLayer,
  dnsRecordsFor,
  initialHostStatus,
  isAddressRefusal,
  locationBrands,
  manufacturerReferences,
  primaryHostOf,
  primaryLocationIndex,
  resolveSiteConfig,
  resolveStreetAddress,
  servesHost,
  SiteConfigError,
  siteOrigin,
  type ConfigLayerName,
  type DnsRecord,
  type HostStatus,
  type OnboardingDocument,
  type SiteConfigLayer,
  type StreetAddress,
} from '@platform/domain';
import { ENV, ProblemException, type FieldError } from '@platform/server-kit';
import { FeedKeys } from '@platform/stock';
import { DealerAccounts, OPS_ACTOR } from '../dealer/dealer-accounts';
import type { ApiEnv } from '../env';
import { PostcodeDirectory } from '../places/postcode-directory';
import { placeUrlOf, writeLocationHours } from './location-rows';
import { recordOpsAudit } from './ops-audit';

/** What a new dealer's onboarding answers, once: the keys and links in it are never shown again. */
export interface OnboardingAnswer {
  site: { id: number; slug: string; name: string; template: string; status: 'active'; url: string; urls: string[] };
  hosts: {
    host: string;
    primary: boolean;
    status: HostStatus;
    /** Whether pages are served there now (a development host at once; a real one once verified). */
    serves: boolean;
    url: string;
    /** The records the dealer sets at their DNS host: the verification TXT, and the route to the platform. */
    dns_records: DnsRecord[];
  }[];
  dealerships: {
    slug: string;
    name: string;
    /** The feed push address on the api (POST with the key as a bearer token). */
    feed_path: string;
    /** The feed key, shown only now: stored as a SHA-256 hash. */
    feed_key: { id: number; key: string; prefix: string };
    owner: { id: string; email: string; name: string; sign_in_url: string; expires_at: string };
    locations: {
      slug: string;
      name: string;
      location_type: string;
      primary: boolean;
      address: Omit<StreetAddress, 'time_zone'>;
      time_zone: string;
    }[];
  }[];
}

type Path = (string | number)[];

/** What a step inside the transaction must have produced (the row it inserted, the user it added). */
function made<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Onboarding: ${what} missing inside its own transaction`);
  return value;
}
const at = (path: Path): string => path.join('.');

/** A refusal naming each field: 409 when the only trouble is what already exists, else 400. Nothing was created. */
function refusal(invalid: FieldError[], conflicts: FieldError[]): ProblemException {
  const errors = [...invalid, ...conflicts];
  const onlyConflicts = invalid.length === 0;
  return new ProblemException({
    status: onlyConflicts ? 409 : 400,
    title: onlyConflicts ? 'Already onboarded' : 'Invalid onboarding document',
    detail: `Nothing was created. ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    errors,
  });
}

/** What the document refers to in the database, looked up before anything is written. */
interface References {
  template: { name: string; config: SiteConfigLayer } | null;
  manufacturers: Map<string, { id: number; config: SiteConfigLayer }>;
  addresses: StreetAddress[][];
}

/** The statement that serialises onboardings, so two posts of one document cannot both pass the checks. */
const ONBOARDING_LOCK = `SELECT pg_advisory_xact_lock(hashtextextended('ops-onboarding', 0))`;

/**
 * Onboarding a dealer from one document (issue 51): the site, its hosts, dealerships, locations
 * with their hours, each dealership's first owner and feed key, in ONE transaction with an ops
 * audit row. What the document names must exist (template, brands, postcodes with their
 * suburbs) and what it creates must not (site and dealership slugs, hosts); every refusal names
 * each field, and nothing is written.
 */
@Injectable()
export class Onboarding {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly postcodes: PostcodeDirectory,
    private readonly accounts: DealerAccounts,
    private readonly keys: FeedKeys,
    @Inject(ENV) private readonly env: ApiEnv,
  ) {}

  async onboard(doc: OnboardingDocument): Promise<OnboardingAnswer> {
    const { references, invalid } = await this.references(doc);
    const written = await this.db
      .transaction(async (manager) => {
        await manager.query(ONBOARDING_LOCK);
        const conflicts = await this.conflicts(manager, doc);
        if (invalid.length > 0 || conflicts.length > 0) throw refusal(invalid, conflicts);
        return this.write(manager, doc, references);
      })
      .catch((error: unknown) => {
        // Another writer (a host added to another site meanwhile) took a name between the check and the insert.
        const unique = error as { code?: string; table?: string };
        if (unique.code !== '23505') throw error;
        const field =
          unique.table === 'site_hosts' ? 'hosts' : unique.table === 'dealerships' ? 'dealerships' : 'site.slug';
        throw refusal(
          [],
          [
            {
              path: field,
              message: 'Taken by another change made at the same moment: nothing was created. Try again.',
            },
          ],
        );
      });
    // The link names the site's primary host, read once the site is committed (the one rule, signInUrl).
    return {
      ...written,
      dealerships: await Promise.all(
        written.dealerships.map(async ({ owner: { token, ...owner }, ...dealership }) => ({
          ...dealership,
          owner: { ...owner, sign_in_url: await this.accounts.signInUrl(written.site.id, token) },
        })),
      ),
    };
  }

  /** The template, brands and addresses the document names, and every field naming one that does not exist. */
  private async references(doc: OnboardingDocument): Promise<{ references: References; invalid: FieldError[] }> {
    const invalid: FieldError[] = [];
    const [template] = (await this.db.query(`SELECT name, config FROM site_templates WHERE name = $1`, [
      doc.site.template,
    ])) as { name: string; config: SiteConfigLayer }[];
    if (!template) {
      const names = (await this.db.query(`SELECT name FROM site_templates ORDER BY name`)) as { name: string }[];
      invalid.push({
        path: 'site.template',
        message: `No template is called '${doc.site.template}'. Use one of: ${names.map((t) => t.name).join(', ') || 'none yet (add a template first)'}.`,
      });
    }

    const named = manufacturerReferences(doc);
    const rows = (await this.db.query(`SELECT id, slug, config FROM manufacturers WHERE slug = ANY($1::text[])`, [
      [...new Set(named.map((ref) => ref.slug))],
    ])) as { id: number; slug: string; config: SiteConfigLayer }[];
    const manufacturers = new Map(rows.map((row) => [row.slug, { id: row.id, config: row.config }]));
    const unknown = named.filter((ref) => !manufacturers.has(ref.slug));
    if (unknown.length > 0) {
      const known = (await this.db.query(`SELECT slug FROM manufacturers ORDER BY slug LIMIT 40`)) as {
        slug: string;
      }[];
      for (const ref of unknown)
        invalid.push({
          path: at(ref.path),
          message: `No manufacturer has the slug '${ref.slug}'. Use one of the platform's: ${known.map((m) => m.slug).join(', ')}.`,
        });
    }

    const addresses: StreetAddress[][] = [];
    for (const [d, dealership] of doc.dealerships.entries()) {
      const resolved: StreetAddress[] = [];
      for (const [l, location] of dealership.locations.entries()) {
        const address = resolveStreetAddress(
          location.address,
          await this.postcodes.localities(location.address.postcode),
        );
        if (isAddressRefusal(address))
          invalid.push({
            path: at(['dealerships', d, 'locations', l, 'address', address.field]),
            message: address.message,
          });
        else resolved.push(address);
      }
      addresses.push(resolved);
    }

    // The layers must merge into a configuration the pages can show, as the site's config endpoint checks.
    if (template) {
      const where = (layer: ConfigLayerName | 'merged', own: Path, issuePath: string): string =>
        layer === 'template'
          ? 'site.template'
          : layer === 'manufacturer'
            ? at([...own.slice(0, 2), 'manufacturer'])
            : `${at([...own, 'config'])}.${issuePath}`;
      const check = (own: Path, layers: Parameters<typeof resolveSiteConfig>[0]) => {
        try {
          resolveSiteConfig(layers);
        } catch (error) {
          if (!(error instanceof SiteConfigError)) throw error;
          for (const issue of error.issues)
            invalid.push({
              path: where(error.layer, own, issue.path),
              message:
                error.layer === 'template' || error.layer === 'manufacturer'
                  ? `The ${error.layer}'s own configuration is invalid (${issue.path}: ${issue.message}); fix it first.`
                  : issue.message,
            });
        }
      };
      check(['site'], { template: template.config, site: doc.site.config ?? {} });
      doc.dealerships.forEach((dealership, d) =>
        check(['dealerships', d], {
          template: template.config,
          site: doc.site.config ?? {},
          dealership: dealershipConfigLayer(dealership),
          manufacturer: dealership.manufacturer ? manufacturers.get(dealership.manufacturer)?.config : undefined,
        }),
      );
    }
    return { references: { template: template ?? null, manufacturers, addresses }, invalid };
  }

  /** Every field naming something that already exists: the site slug, a dealership slug, a host. */
  private async conflicts(manager: EntityManager, doc: OnboardingDocument): Promise<FieldError[]> {
    const conflicts: FieldError[] = [];
    const [site] = (await manager.query(`SELECT slug, retired_at FROM sites WHERE slug = $1`, [doc.site.slug])) as {
      slug: string;
      retired_at: Date | null;
    }[];
    if (site)
      conflicts.push({
        path: 'site.slug',
        message: site.retired_at
          ? `The site '${site.slug}' was retired and keeps its slug until it is purged: give the new site another slug.`
          : `A site '${site.slug}' already exists (onboarded already?). Nothing was created: change it with PATCH /api/ops/sites/${site.slug}, or give another slug.`,
      });
    const dealerships = (await manager.query(
      `SELECT d.slug, s.slug AS site FROM dealerships d JOIN sites s ON s.id = d.site_id WHERE d.slug = ANY($1::text[])`,
      [doc.dealerships.map((d) => d.slug)],
    )) as { slug: string; site: string }[];
    doc.dealerships.forEach((dealership, d) => {
      const taken = dealerships.find((row) => row.slug === dealership.slug);
      if (taken)
        conflicts.push({
          path: `dealerships.${d}.slug`,
          message: `The dealership slug '${taken.slug}' is taken (by site '${taken.site}'): feeds address a dealership by its slug alone, so give another.`,
        });
    });
    const hosts = (await manager.query(
      `SELECT h.host, s.slug AS site, s.retired_at FROM site_hosts h JOIN sites s ON s.id = h.site_id WHERE h.host = ANY($1::text[])`,
      [doc.hosts.map((h) => h.host)],
    )) as { host: string; site: string; retired_at: Date | null }[];
    doc.hosts.forEach((host, h) => {
      const taken = hosts.find((row) => row.host === host.host);
      if (taken)
        conflicts.push({
          path: `hosts.${h}.host`,
          message: `${taken.host} is already a host of ${taken.retired_at ? 'the retired ' : ''}site '${taken.site}': remove it there first (DELETE /api/ops/sites/${taken.site}/hosts/${taken.host}).`,
        });
    });
    return conflicts;
  }

  /** Inserts the document, in the caller's transaction. */
  private async write(manager: EntityManager, doc: OnboardingDocument, references: References) {
    const [site] = (await manager.query(
      `INSERT INTO sites (slug, name, template, config, status) VALUES ($1, $2, $3, $4, 'active') RETURNING id`,
      [doc.site.slug, doc.site.name, doc.site.template, JSON.stringify(doc.site.config ?? {})],
    )) as { id: number }[];
    const siteId = made(site, 'the site').id;

    const primaryHost = primaryHostOf(doc);
    const hosts = [];
    for (const { host } of doc.hosts) {
      const status = initialHostStatus(host);
      // Anyone can read a TXT record: the token proves control of the name, it guards nothing else.
      const token = status === 'verified' ? null : randomBytes(24).toString('base64url');
      await manager.query(
        `INSERT INTO site_hosts (host, site_id, "primary", status, verification_token, verified_at)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $4 = 'verified' THEN now() END)`,
        [host, siteId, host === primaryHost, status, token],
      );
      hosts.push({
        host,
        primary: host === primaryHost,
        status,
        serves: servesHost(status),
        url: siteOrigin({ host, slug: doc.site.slug }, this.env.WEB_PORT),
        dns_records: token
          ? dnsRecordsFor(host, token, { cnameTarget: this.env.PLATFORM_CNAME_TARGET, ipv4: this.env.PLATFORM_IPV4 })
          : [],
      });
    }

    const owners = new Map<string, { id: string; token: string; expiresAt: Date }>();
    const dealerships = [];
    for (const [d, dealership] of doc.dealerships.entries()) {
      const [row] = (await manager.query(
        `INSERT INTO dealerships (site_id, slug, name, manufacturer_id, position, config, phone, brands)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          siteId,
          dealership.slug,
          dealership.name,
          dealership.manufacturer ? (references.manufacturers.get(dealership.manufacturer)?.id ?? null) : null,
          d,
          JSON.stringify(dealershipConfigLayer(dealership)),
          dealership.phone ?? null,
          JSON.stringify([...new Set(dealership.brands)]),
        ],
      )) as { id: number }[];
      const dealershipId = made(row, 'the dealership').id;
      const primary = primaryLocationIndex(dealership);
      const locations = [];
      for (const [l, location] of dealership.locations.entries()) {
        const address = made(references.addresses[d]?.[l], 'the resolved address');
        const timeZone = location.time_zone ?? doc.site.time_zone ?? address.time_zone;
        const [inserted] = (await manager.query(
          `INSERT INTO locations (dealership_id, name, slug, visible, "primary", location_type, manufacturers, dealer_license_number,
             street, city, state, postcode, lat, long, place_url, phone, time_zone)
           VALUES ($1, $2, $3, true, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
          [
            dealershipId,
            location.name,
            location.slug,
            l === primary,
            location.location_type,
            JSON.stringify(locationBrands(dealership, location)),
            location.dealer_license_number ?? null,
            address.street,
            address.city,
            address.state,
            address.postcode,
            address.lat,
            address.long,
            placeUrlOf(address),
            location.phone ?? dealership.phone ?? null,
            timeZone,
          ],
        )) as { id: number }[];
        await writeLocationHours(manager, made(inserted, 'the location').id, location);
        const { time_zone: _zone, ...shown } = address;
        locations.push({
          slug: location.slug,
          name: location.name,
          location_type: location.location_type,
          primary: l === primary,
          address: shown,
          time_zone: timeZone,
        });
      }

      const added = made(
        await this.accounts.addUser(
          dealership.slug,
          { email: dealership.owner.email, name: dealership.owner.name, role: 'owner' },
          OPS_ACTOR,
          undefined,
          manager,
        ),
        'the first owner',
      );
      // One link per person: an owner of two of the document's dealerships signs in once to both.
      let owner = owners.get(added.id);
      if (!owner) {
        const link = made(await this.accounts.mintSignInLink(added.id, OPS_ACTOR, manager), 'the sign-in link');
        owner = { id: added.id, token: link.token, expiresAt: link.expiresAt };
        owners.set(owner.id, owner);
      }
      const feedKey = await this.keys.issueFor(manager, dealershipId);
      dealerships.push({
        id: dealershipId,
        slug: dealership.slug,
        name: dealership.name,
        feed_path: `/api/feeds/${dealership.slug}`,
        feed_key: feedKey,
        owner: {
          id: owner.id,
          email: added.email,
          name: added.name,
          token: owner.token,
          expires_at: owner.expiresAt.toISOString(),
        },
        locations,
      });
    }

    const urls = hosts.map((h) => h.url);
    await recordOpsAudit(manager, {
      action: 'onboarding',
      siteId,
      subject: `site:${doc.site.slug}`,
      before: null,
      // The document as created, and what each part became; never the feed keys or sign-in links.
      after: {
        document: doc,
        hosts: hosts.map(({ host, status }) => ({ host, status })),
        dealerships: dealerships.map((d) => ({
          id: d.id,
          slug: d.slug,
          owner_user_id: d.owner.id,
          feed_key: { id: d.feed_key.id, prefix: d.feed_key.prefix },
        })),
      },
    });
    return {
      site: {
        id: siteId,
        slug: doc.site.slug,
        name: doc.site.name,
        template: doc.site.template,
        status: 'active' as const,
        url: siteOrigin({ host: primaryHost, slug: doc.site.slug }, this.env.WEB_PORT),
        urls,
      },
      hosts,
      dealerships: dealerships.map(({ id: _id, ...dealership }) => dealership),
    };
  }
}
