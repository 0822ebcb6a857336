import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { dnsRecordsFor, initialHostStatus, servesHost, type DnsRecord, type HostStatus } from '@platform/domain';
import { ENV, notFound, ProblemException } from '@platform/server-kit';
import { HostVerifier, type HostLookup, type VerificationMethod } from '@platform/site-config';
import type { ApiEnv } from '../env';
import { recordOpsAudit } from '../onboarding/ops-audit';

/** A host of a site as ops see it: its state, whether it serves, and the DNS records the dealer sets. */
export interface HostView {
  host: string;
  site: string;
  primary: boolean;
  status: HostStatus;
  /** Whether pages and a certificate are served for it now (verified or failing). */
  serves: boolean;
  verified_at: string | null;
  /** How its last match came: its TXT record (dns) or its HTTP token (http); null before any, and for development hosts. */
  verified_by: VerificationMethod | null;
  checked_at: string | null;
  /** When Caddy last asked for its certificate and was told yes; null until an HTTPS visit needs one. */
  certificate_asked_at: string | null;
  /** Checks in a row that did not find the record. */
  check_failures: number;
  created_at: string;
  dns_records: DnsRecord[];
}

/**
 * The answer to "verify now": the host's state after the check and what each way answered, so ops
 * see why a host is still pending: `method`, the way that matched (dns, http; null for a miss),
 * `seen` and `error` for the TXT record, `http_error` for the HTTP token (null when it matched or
 * was not asked, the TXT record having matched).
 */
export type VerifyView = HostView & { check: HostLookup };

interface HostRow {
  host: string;
  site_id: number;
  primary: boolean;
  status: HostStatus;
  verification_token: string | null;
  verified_at: Date | null;
  verified_by: VerificationMethod | null;
  checked_at: Date | null;
  certificate_asked_at: Date | null;
  check_failures: number;
  created_at: Date;
}

interface SiteRow {
  id: number;
  slug: string;
  retired_at: Date | null;
}

const conflict = (title: string, detail: string, field: string): ProblemException =>
  new ProblemException({ status: 409, title, detail, errors: [{ path: field, message: detail }] });

const HOST_COLUMNS = `host, site_id, "primary", status, verification_token, verified_at, verified_by, checked_at, certificate_asked_at, check_failures, created_at`;

/**
 * A site's hosts for ops (issue 51): add one (pending until its TXT record or its HTTP token is
 * seen, a development host verified at once), check it now, make it primary, remove it. Each
 * change is written to ops_audit_log with the host before and after, in the transaction that makes it.
 */
@Injectable()
export class SiteHostsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly verifier: HostVerifier,
    @Inject(ENV) private readonly env: ApiEnv,
  ) {}

  async list(slug: string): Promise<HostView[]> {
    const site = await this.site(this.dataSource.manager, slug);
    const rows = (await this.dataSource.query(
      `SELECT ${HOST_COLUMNS} FROM site_hosts WHERE site_id = $1 ORDER BY "primary" DESC, host`,
      [site.id],
    )) as HostRow[];
    return rows.map((row) => this.view(row, site));
  }

  async add(slug: string, host: string, primary: boolean): Promise<HostView> {
    const status = initialHostStatus(host);
    if (primary && !servesHost(status))
      throw conflict(
        'Host not verified yet',
        `A host becomes primary once it serves: add '${host}' without primary, have the dealer set its TXT record (or point it here), verify it, then make it primary (PUT …/hosts/${host}/primary).`,
        'primary',
      );
    const added = this.dataSource.transaction(async (manager) => {
      const site = await this.site(manager, slug, { lock: true, live: true });
      const [taken] = (await manager.query(`SELECT site_id FROM site_hosts WHERE host = $1`, [host])) as {
        site_id: number;
      }[];
      if (taken)
        throw conflict(
          'Host already added',
          taken.site_id === site.id
            ? `'${host}' is already a host of this site.`
            : `'${host}' is a host of another site; remove it there first.`,
          'host',
        );
      if (primary)
        await manager.query(`UPDATE site_hosts SET "primary" = false WHERE site_id = $1 AND "primary"`, [site.id]);
      const token = status === 'verified' ? null : randomBytes(24).toString('base64url');
      const [row] = (await manager.query(
        `INSERT INTO site_hosts (host, site_id, "primary", status, verification_token, verified_at)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $4 = 'verified' THEN now() END) RETURNING ${HOST_COLUMNS}`,
        [host, site.id, primary, status, token],
      )) as [HostRow];
      const view = this.view(row, site);
      await this.audit(manager, 'host.added', site, host, null, view);
      return view;
    });
    // Two sites adding one host at once: the second insert meets the primary key.
    return added.catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505')
        throw conflict('Host already added', `'${host}' is a host of another site; remove it there first.`, 'host');
      throw error;
    });
  }

  /** Checks the host's TXT record, then its HTTP token, now and records the outcome (the sweep's rules). */
  async verify(slug: string, host: string): Promise<VerifyView> {
    const site = await this.site(this.dataSource.manager, slug);
    const before = await this.host(this.dataSource.manager, site, host);
    const check = await this.verifier.check(host);
    return this.dataSource.transaction(async (manager) => {
      const after = await this.host(manager, site, host);
      const view = this.view(after, site);
      await this.audit(manager, 'host.verified', site, host, this.view(before, site), view);
      return {
        ...view,
        check: {
          matched: check?.matched ?? false,
          method: check?.method ?? null,
          seen: check?.seen ?? [],
          error: check?.error ?? null,
          http_error: check?.http_error ?? null,
        },
      };
    });
  }

  async makePrimary(slug: string, host: string): Promise<HostView> {
    return this.dataSource.transaction(async (manager) => {
      const site = await this.site(manager, slug, { lock: true, live: true });
      const before = await this.host(manager, site, host);
      if (!servesHost(before.status))
        throw conflict(
          'Host not verified yet',
          `'${host}' is pending: it serves nothing until its TXT record or HTTP token is seen, so it cannot be the host every other one redirects to.`,
          'host',
        );
      await manager.query(
        `UPDATE site_hosts SET "primary" = (host = $2) WHERE site_id = $1 AND ("primary" OR host = $2)`,
        [site.id, host],
      );
      const view = this.view(await this.host(manager, site, host), site);
      await this.audit(manager, 'host.primary', site, host, this.view(before, site), view);
      return view;
    });
  }

  async remove(slug: string, host: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const site = await this.site(manager, slug, { lock: true });
      const before = await this.host(manager, site, host);
      const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM site_hosts WHERE site_id = $1`, [
        site.id,
      ])) as [{ n: number }];
      if (n <= 1)
        throw conflict('Last host', `'${host}' is the site's only host; add another before removing it.`, 'host');
      if (before.primary)
        throw conflict(
          'Primary host',
          `'${host}' is the site's primary host, which every other host redirects to: make another host primary first.`,
          'host',
        );
      await manager.query(`DELETE FROM site_hosts WHERE host = $1 AND site_id = $2`, [host, site.id]);
      await this.audit(manager, 'host.removed', site, host, this.view(before, site), null);
    });
  }

  /**
   * Caddy's question before it gets a certificate for a name: yes for a verified or failing host of
   * a site not retired, whether active or suspended (a suspended site shows its maintenance page
   * over HTTPS); no for anything else, pending and unknown hosts included.
   */
  async mayServeTls(host: string): Promise<boolean> {
    // A yes is recorded: Caddy asks only to obtain or renew a certificate, so the ops console can
    // say when the host's certificate was last requested.
    const rows = (await this.dataSource.query(
      `UPDATE site_hosts h SET certificate_asked_at = now() FROM sites s
       WHERE s.id = h.site_id AND h.host = $1 AND h.status IN ('verified', 'failing') AND s.retired_at IS NULL
       RETURNING 1`,
      [host],
    )) as [unknown[], number];
    return rows[1] > 0;
  }

  private async site(
    manager: EntityManager,
    slug: string,
    options: { lock?: boolean; live?: boolean } = {},
  ): Promise<SiteRow> {
    // The site row is locked for changes, so two changes to one site's hosts (a primary, a removal) run one at a time.
    const [site] = (await manager.query(
      `SELECT id, slug, retired_at FROM sites WHERE slug = $1${options.lock ? ' FOR UPDATE' : ''}`,
      [slug],
    )) as SiteRow[];
    if (!site) throw notFound('Site not found', `No site has the slug '${slug}'.`);
    if (options.live && site.retired_at)
      throw conflict('Site retired', `The site '${slug}' is retired: it takes no new hosts.`, 'siteSlug');
    return site;
  }

  private async host(manager: EntityManager, site: SiteRow, host: string): Promise<HostRow> {
    const [row] = (await manager.query(`SELECT ${HOST_COLUMNS} FROM site_hosts WHERE host = $1 AND site_id = $2`, [
      host,
      site.id,
    ])) as HostRow[];
    if (!row) throw notFound('Host not found', `The site '${site.slug}' has no host '${host}'.`);
    return row;
  }

  private view(row: HostRow, site: SiteRow): HostView {
    return {
      host: row.host,
      site: site.slug,
      primary: row.primary,
      status: row.status,
      serves: servesHost(row.status),
      verified_at: row.verified_at?.toISOString() ?? null,
      verified_by: row.verified_by,
      checked_at: row.checked_at?.toISOString() ?? null,
      certificate_asked_at: row.certificate_asked_at?.toISOString() ?? null,
      check_failures: row.check_failures,
      created_at: row.created_at.toISOString(),
      dns_records: row.verification_token
        ? dnsRecordsFor(row.host, row.verification_token, {
            cnameTarget: this.env.PLATFORM_CNAME_TARGET,
            ipv4: this.env.PLATFORM_IPV4,
          })
        : [],
    };
  }

  private async audit(
    manager: EntityManager,
    action: string,
    site: SiteRow,
    host: string,
    before: HostView | null,
    after: HostView | null,
  ): Promise<void> {
    await recordOpsAudit(manager, {
      action,
      siteId: site.id,
      subject: `host:${host}`,
      before: before && { ...before },
      after: after && { ...after },
    });
  }
}
