import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  dayHoursOf,
  dnsRecordsFor,
  LOCATION_DEPARTMENTS,
  servesHost,
  WEEKDAY_NAMES,
  type DayHoursInput,
  type DnsRecord,
  type HostStatus,
  type SitePatch,
  type SiteStatus,
} from '@platform/domain';
import { ENV, notFound, ProblemException } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { recordOpsAudit } from './ops-audit';

/** A site in the ops list: its state, hosts, and how it is doing today. */
export interface SiteListEntry {
  slug: string;
  name: string;
  template: string | null;
  status: SiteStatus;
  retired_at: string | null;
  created_at: string;
  /** certificate_asked_at: when Caddy last asked for its certificate and was told yes (null: not yet). */
  hosts: { host: string; primary: boolean; status: HostStatus; certificate_asked_at: string | null }[];
  dealerships: number;
  /** Cars shoppers can find now (in stock or coming soon). */
  cars_live: number;
  /** The newest feed run of any of its dealerships. */
  last_feed_run: { dealership: string; status: string; received_at: string } | null;
  /** Leads since midnight on the site's wall clock (its first location's zone). */
  leads_today: number;
}

type Week = Partial<Record<(typeof WEEKDAY_NAMES)[number], DayHoursInput>>;

/** The whole site as ops see it, in the onboarding document's words where they overlap. */
export interface SiteDetail {
  slug: string;
  name: string;
  template: string | null;
  status: SiteStatus;
  retired_at: string | null;
  created_at: string;
  updated_at: string;
  /** The site's own configuration layer (over its template's). */
  config: Record<string, unknown>;
  hosts: {
    host: string;
    primary: boolean;
    status: HostStatus;
    serves: boolean;
    verified_at: string | null;
    verified_by: string | null;
    certificate_asked_at: string | null;
    dns_records: DnsRecord[];
  }[];
  dealerships: {
    slug: string;
    name: string;
    manufacturer: string | null;
    /** Set once retired (DELETE /api/ops/sites/{site}/dealerships/{slug}): its cars withdrawn, locations hidden. */
    retired_at: string | null;
    config: Record<string, unknown>;
    locations: {
      slug: string;
      name: string;
      location_type: string;
      primary: boolean;
      visible: boolean;
      brands: string[];
      address: {
        street: string;
        city: string;
        state: string;
        postcode: string;
        lat: number | null;
        long: number | null;
      };
      phone: string | null;
      time_zone: string;
      hours: Partial<Record<(typeof LOCATION_DEPARTMENTS)[number], Week>>;
      special_hours: { date: string; department: string; hours: DayHoursInput }[];
    }[];
  }[];
}

interface SiteRow {
  id: number;
  slug: string;
  name: string;
  status: SiteStatus;
  retired_at: Date | null;
}

const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

/** The list in one statement: each figure a subquery on an indexed key, so it stays one round trip. */
const LIST_QUERY = `
  SELECT s.slug, s.name, s.template, s.status, s.retired_at, s.created_at,
         coalesce((SELECT json_agg(json_build_object('host', h.host, 'primary', h."primary", 'status', h.status,
                                                     'certificate_asked_at', h.certificate_asked_at)
                                   ORDER BY h."primary" DESC, h.host)
                   FROM site_hosts h WHERE h.site_id = s.id), '[]') AS hosts,
         (SELECT count(*)::int FROM dealerships d WHERE d.site_id = s.id AND d.retired_at IS NULL) AS dealerships,
         (SELECT count(*)::int FROM cars c JOIN dealerships d ON d.id = c.dealership_id
           WHERE d.site_id = s.id AND c.status <> 'sold') AS cars_live,
         run.dealership AS run_dealership, run.status AS run_status, run.received_at AS run_received_at,
         (SELECT count(*)::int FROM leads l WHERE l.site_id = s.id
           AND l.created_at >= (date_trunc('day', now() AT TIME ZONE zone.time_zone) AT TIME ZONE zone.time_zone)) AS leads_today
  FROM sites s
  LEFT JOIN LATERAL (SELECT d.slug AS dealership, r.status, r.received_at FROM feed_runs r
                     JOIN dealerships d ON d.id = r.dealership_id
                     WHERE d.site_id = s.id ORDER BY r.received_at DESC LIMIT 1) run ON true
  CROSS JOIN LATERAL (SELECT coalesce((SELECT l.time_zone FROM locations l JOIN dealerships d ON d.id = l.dealership_id
                                       WHERE d.site_id = s.id ORDER BY d.position, l."primary" DESC, l.id LIMIT 1),
                                      'UTC') AS time_zone) zone
  WHERE ($1::boolean OR s.retired_at IS NULL) AND ($2::text IS NULL OR s.slug = $2::text)
  ORDER BY s.name, s.slug`;

/**
 * Sites for ops (issue 51): the list with each one's state and figures, one site whole, a change
 * of name or status (active, suspended), and soft retirement. Every change is written to
 * ops_audit_log with the site before and after, in the transaction that makes it; the sites
 * trigger moves the configuration version, so every process sees it on its next read.
 */
@Injectable()
export class OpsSites {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ENV) private readonly env: ApiEnv,
  ) {}

  async list(includeRetired: boolean, slug: string | null = null): Promise<SiteListEntry[]> {
    const rows = (await this.db.query(LIST_QUERY, [includeRetired, slug])) as (Omit<
      SiteListEntry,
      'retired_at' | 'created_at' | 'last_feed_run'
    > & {
      retired_at: Date | null;
      created_at: Date;
      run_dealership: string | null;
      run_status: string | null;
      run_received_at: Date | null;
    })[];
    return rows.map(({ run_dealership, run_status, run_received_at, ...row }) => ({
      ...row,
      // Built as JSON in the statement, so its times arrive as PostgreSQL's text: made ISO like the rest.
      hosts: row.hosts.map((host) => ({
        ...host,
        certificate_asked_at: host.certificate_asked_at && new Date(host.certificate_asked_at).toISOString(),
      })),
      retired_at: iso(row.retired_at),
      created_at: row.created_at.toISOString(),
      last_feed_run:
        run_dealership && run_status && run_received_at
          ? { dealership: run_dealership, status: run_status, received_at: run_received_at.toISOString() }
          : null,
    }));
  }

  /** The whole site, retired or not (ops may look at a retired one until it is purged). */
  async get(slug: string): Promise<SiteDetail> {
    const [site] = (await this.db.query(
      `SELECT id, slug, name, template, status, retired_at, created_at, updated_at, config FROM sites WHERE slug = $1`,
      [slug],
    )) as (SiteRow & {
      template: string | null;
      created_at: Date;
      updated_at: Date;
      config: Record<string, unknown>;
    })[];
    if (!site) throw notFound('Site not found', `No site has the slug '${slug}'.`);
    const [hosts, dealerships, locations, hours, special] = (await Promise.all([
      this.db.query(
        `SELECT host, "primary", status, verification_token, verified_at, verified_by, certificate_asked_at FROM site_hosts
         WHERE site_id = $1 ORDER BY "primary" DESC, host`,
        [site.id],
      ),
      this.db.query(
        `SELECT d.id, d.slug, d.name, m.slug AS manufacturer, d.retired_at, d.config FROM dealerships d
         LEFT JOIN manufacturers m ON m.id = d.manufacturer_id WHERE d.site_id = $1 ORDER BY d.position, d.name`,
        [site.id],
      ),
      this.db.query(
        `SELECT l.* FROM locations l JOIN dealerships d ON d.id = l.dealership_id WHERE d.site_id = $1 ORDER BY l.id`,
        [site.id],
      ),
      this.db.query(
        `SELECT h.location_id, h.department, h.weekday, h.status, h.open, h.close FROM location_hours h
         JOIN locations l ON l.id = h.location_id JOIN dealerships d ON d.id = l.dealership_id
         WHERE d.site_id = $1 ORDER BY h.location_id, h.department, h.weekday`,
        [site.id],
      ),
      this.db.query(
        `SELECT s.location_id, s.date::text AS date, s.department, s.status, s.start_hour, s.end_hour FROM location_special_hours s
         JOIN locations l ON l.id = s.location_id JOIN dealerships d ON d.id = l.dealership_id
         WHERE d.site_id = $1 ORDER BY s.location_id, s.date, s.department`,
        [site.id],
      ),
    ])) as [
      {
        host: string;
        primary: boolean;
        status: HostStatus;
        verification_token: string | null;
        verified_at: Date | null;
        verified_by: string | null;
        certificate_asked_at: Date | null;
      }[],
      {
        id: number;
        slug: string;
        name: string;
        manufacturer: string | null;
        retired_at: Date | null;
        config: Record<string, unknown>;
      }[],
      {
        id: number;
        dealership_id: number;
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
      }[],
      {
        location_id: number;
        department: string;
        weekday: number;
        status: string;
        open: string | null;
        close: string | null;
      }[],
      {
        location_id: number;
        date: string;
        department: string;
        status: string;
        start_hour: string | null;
        end_hour: string | null;
      }[],
    ];
    return {
      slug: site.slug,
      name: site.name,
      template: site.template,
      status: site.status,
      retired_at: iso(site.retired_at),
      created_at: site.created_at.toISOString(),
      updated_at: site.updated_at.toISOString(),
      config: site.config,
      hosts: hosts.map((h) => ({
        host: h.host,
        primary: h.primary,
        status: h.status,
        serves: servesHost(h.status),
        verified_at: iso(h.verified_at),
        verified_by: h.verified_by,
        certificate_asked_at: iso(h.certificate_asked_at),
        dns_records: h.verification_token
          ? dnsRecordsFor(h.host, h.verification_token, {
              cnameTarget: this.env.PLATFORM_CNAME_TARGET,
              ipv4: this.env.PLATFORM_IPV4,
            })
          : [],
      })),
      dealerships: dealerships.map((d) => ({
        slug: d.slug,
        name: d.name,
        manufacturer: d.manufacturer,
        retired_at: iso(d.retired_at),
        config: d.config,
        locations: locations
          .filter((l) => l.dealership_id === d.id)
          .map((l) => {
            const week: Partial<Record<(typeof LOCATION_DEPARTMENTS)[number], Week>> = {};
            for (const row of hours.filter((h) => h.location_id === l.id)) {
              const department = row.department as (typeof LOCATION_DEPARTMENTS)[number];
              const day = WEEKDAY_NAMES[row.weekday];
              if (day) (week[department] ??= {})[day] = dayHoursOf(row as Parameters<typeof dayHoursOf>[0]);
            }
            return {
              slug: l.slug,
              name: l.name,
              location_type: l.location_type,
              primary: l.primary,
              visible: l.visible,
              brands: l.manufacturers,
              address: {
                street: l.street,
                city: l.city,
                state: l.state,
                postcode: l.postcode,
                lat: l.lat,
                long: l.long,
              },
              phone: l.phone,
              time_zone: l.time_zone,
              hours: week,
              special_hours: special
                .filter((s) => s.location_id === l.id)
                .map((s) => ({
                  date: s.date,
                  department: s.department,
                  hours: dayHoursOf({ status: s.status as 'Open' | 'Closed', open: s.start_hour, close: s.end_hour }),
                })),
            };
          }),
      })),
    };
  }

  /** Renames a site or sets its status; a retired site is 409 (it takes no changes). */
  async update(slug: string, patch: SitePatch): Promise<SiteListEntry> {
    await this.db.transaction(async (manager) => {
      const site = await this.locked(manager, slug);
      if (site.retired_at)
        throw new ProblemException({
          status: 409,
          title: 'Site retired',
          detail: `The site '${slug}' was retired on ${site.retired_at.toISOString()}: it takes no changes.`,
        });
      const before = { name: site.name, status: site.status };
      const after = { name: patch.name ?? site.name, status: patch.status ?? site.status };
      if (before.name === after.name && before.status === after.status) return;
      await manager.query(`UPDATE sites SET name = $2, status = $3, updated_at = now() WHERE id = $1`, [
        site.id,
        after.name,
        after.status,
      ]);
      await recordOpsAudit(manager, {
        action: 'site.updated',
        siteId: site.id,
        subject: `site:${slug}`,
        before,
        after,
      });
    });
    return this.entry(slug);
  }

  /**
   * Retires a site softly: retired_at is set, and from then on no host, slug or listing finds it
   * for shoppers (its rows stay until purged). Retiring a retired site changes nothing.
   */
  async retire(slug: string): Promise<SiteListEntry> {
    await this.db.transaction(async (manager) => {
      const site = await this.locked(manager, slug);
      if (site.retired_at) return;
      // TypeORM answers UPDATE ... RETURNING with [rows, count].
      const [[retired]] = (await manager.query(
        `UPDATE sites SET retired_at = now(), updated_at = now() WHERE id = $1 RETURNING retired_at`,
        [site.id],
      )) as [{ retired_at: Date }[], number];
      await recordOpsAudit(manager, {
        action: 'site.retired',
        siteId: site.id,
        subject: `site:${slug}`,
        before: { status: site.status, retired_at: null },
        after: { status: site.status, retired_at: retired?.retired_at.toISOString() ?? null },
      });
    });
    return this.entry(slug);
  }

  private async entry(slug: string): Promise<SiteListEntry> {
    const [entry] = await this.list(true, slug);
    if (!entry) throw notFound('Site not found', `No site has the slug '${slug}'.`);
    return entry;
  }

  private async locked(manager: EntityManager, slug: string): Promise<SiteRow> {
    const [site] = (await manager.query(
      `SELECT id, slug, name, status, retired_at FROM sites WHERE slug = $1 FOR UPDATE`,
      [slug],
    )) as SiteRow[];
    if (!site) throw notFound('Site not found', `No site has the slug '${slug}'.`);
    return site;
  }
}
