import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isDeepStrictEqual } from 'node:util';
import type { DataSource, EntityManager } from 'typeorm';
import { resolveSiteConfig, SiteConfigError, type ManufacturerPut, type SiteConfigLayer } from '@platform/domain';
import { notFound, type FieldError } from '@platform/server-kit';
import { recordOpsAudit } from './ops-audit';
import { conflict, invalidRecord, isUniqueViolation, lockRecord, present, Unchanged } from './ops-records';
import type { Written } from './ops-dealerships';

/** A brand record's own fields in the words PUT takes them (ManufacturerPutSchema). */
export interface ManufacturerFields {
  name: string;
  logo_url: string | null;
  config: SiteConfigLayer;
}

/** A brand record as ops read it. */
export interface ManufacturerRecord extends ManufacturerFields {
  slug: string;
  /** Dealerships not retired whose main brand it is (its configuration layer applies to them). */
  dealerships: { site: string; slug: string }[];
}

interface ManufacturerRow extends ManufacturerFields {
  id: number;
  slug: string;
}

const fieldsOf = (row: ManufacturerRow): ManufacturerFields => ({
  name: row.name,
  logo_url: row.logo_url,
  config: row.config,
});

const manufacturerNotFound = (slug: string) =>
  notFound('Manufacturer not found', `No manufacturer has the slug '${slug}'.`);

/** The layers a brand's configuration is merged with: every live dealership whose main brand it is. */
interface DealershipLayers {
  site: string;
  slug: string;
  template: SiteConfigLayer | null;
  site_config: SiteConfigLayer;
  config: SiteConfigLayer;
}

/**
 * The brand records a dealership sells (issue 51 item 1): the manufacturers table, which the
 * onboarding document, a dealership's manufacturer and brands, and a location's brands name by
 * slug. Read, created or replaced by slug (PUT), and removed while nothing names it. Every change
 * is one transaction with its ops audit entry (no site: a brand belongs to none); a PUT that
 * changes nothing leaves none. The manufacturers trigger moves the configuration version.
 */
@Injectable()
export class OpsManufacturers {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(): Promise<ManufacturerRecord[]> {
    const rows = (await this.db.query(
      `SELECT m.slug, m.name, m.logo_url, m.config,
              coalesce((SELECT json_agg(json_build_object('site', s.slug, 'slug', d.slug) ORDER BY s.slug, d.slug)
                        FROM dealerships d JOIN sites s ON s.id = d.site_id
                        WHERE d.manufacturer_id = m.id AND d.retired_at IS NULL AND s.retired_at IS NULL), '[]') AS dealerships
       FROM manufacturers m ORDER BY m.name, m.slug`,
    )) as ManufacturerRecord[];
    return rows;
  }

  async get(slug: string): Promise<ManufacturerRecord> {
    const [row] = (await this.list()).filter((m) => m.slug === slug);
    if (!row) throw manufacturerNotFound(slug);
    return row;
  }

  /**
   * Creates or replaces a brand record. Its configuration layer is merged over the layers of every
   * dealership whose main brand it is, as their pages merge it: a layer that would leave one of
   * them unshowable is refused, naming the field and the dealership.
   */
  async put(slug: string, body: ManufacturerPut): Promise<Written<ManufacturerRecord>> {
    let created = false;
    try {
      await this.db.transaction(async (manager) => {
        await lockRecord(manager, `manufacturer:${slug}`);
        const existing = await this.row(manager, slug, true);
        if (existing) {
          const errors = await this.configIssues(manager, existing.id, existing.config, body.config);
          if (errors.length > 0) throw invalidRecord('manufacturer', errors);
        }
        const values = [body.name, body.logo_url, JSON.stringify(body.config)];
        if (existing)
          await manager.query(`UPDATE manufacturers SET name = $2, logo_url = $3, config = $4 WHERE id = $1`, [
            existing.id,
            ...values,
          ]);
        else {
          await manager.query(`INSERT INTO manufacturers (slug, name, logo_url, config) VALUES ($1, $2, $3, $4)`, [
            slug,
            ...values,
          ]);
          created = true;
        }
        const before = existing ? fieldsOf(existing) : null;
        const after = fieldsOf(present(await this.row(manager, slug), 'the manufacturer'));
        if (before && isDeepStrictEqual(before, after)) throw new Unchanged();
        await recordOpsAudit(manager, {
          action: created ? 'manufacturer.created' : 'manufacturer.updated',
          siteId: null,
          subject: `manufacturer:${slug}`,
          before: before as Record<string, unknown> | null,
          after: after as unknown as Record<string, unknown>,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(
          'Manufacturer slug taken',
          `The manufacturer '${slug}' was created by another change at the same moment: nothing was changed. Try again.`,
        );
      if (!(error instanceof Unchanged)) throw error;
    }
    return { created, record: await this.get(slug) };
  }

  /**
   * Removes a brand record no dealership or location names (any site's, retired ones too: their
   * rows keep naming it until purged); 409 listing what still does.
   */
  async remove(slug: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await lockRecord(manager, `manufacturer:${slug}`);
      const existing = await this.row(manager, slug, true);
      if (!existing) throw manufacturerNotFound(slug);
      const users = (await manager.query(
        `SELECT s.slug || '/' || d.slug AS name FROM dealerships d JOIN sites s ON s.id = d.site_id
          WHERE d.manufacturer_id = $1 OR d.brands ? $2
         UNION ALL
         SELECT s.slug || '/' || d.slug || '/' || l.slug FROM locations l JOIN dealerships d ON d.id = l.dealership_id
           JOIN sites s ON s.id = d.site_id WHERE l.manufacturers ? $2
         ORDER BY 1`,
        [existing.id, slug],
      )) as { name: string }[];
      if (users.length > 0)
        throw conflict(
          'Manufacturer in use',
          `'${slug}' is named by ${users.length} dealership(s) and location(s): ${users
            .slice(0, 10)
            .map((u) => u.name)
            .join(
              ', ',
            )}${users.length > 10 ? ` and ${users.length - 10} more` : ''}. Change them to another brand first (PUT each with its brands).`,
        );
      await manager.query(`DELETE FROM manufacturers WHERE id = $1`, [existing.id]);
      await recordOpsAudit(manager, {
        action: 'manufacturer.removed',
        siteId: null,
        subject: `manufacturer:${slug}`,
        before: fieldsOf(existing) as unknown as Record<string, unknown>,
        after: null,
      });
    });
  }

  private async row(
    manager: Pick<EntityManager, 'query'>,
    slug: string,
    lock = false,
  ): Promise<ManufacturerRow | null> {
    const [row] = (await manager.query(
      `SELECT id, slug, name, logo_url, config FROM manufacturers WHERE slug = $1${lock ? ' FOR UPDATE' : ''}`,
      [slug],
    )) as ManufacturerRow[];
    return row ?? null;
  }

  /**
   * What the new layer breaks that the old one did not, for each live dealership whose main brand
   * it is (a dealership already broken by its own or its site's layers is not this change's doing).
   */
  private async configIssues(
    manager: EntityManager,
    manufacturerId: number,
    before: SiteConfigLayer,
    after: SiteConfigLayer,
  ): Promise<FieldError[]> {
    const dealerships = (await manager.query(
      `SELECT s.slug AS site, d.slug, t.config AS template, s.config AS site_config, d.config
       FROM dealerships d JOIN sites s ON s.id = d.site_id LEFT JOIN site_templates t ON t.name = s.template
       WHERE d.manufacturer_id = $1 AND d.retired_at IS NULL AND s.retired_at IS NULL ORDER BY s.slug, d.slug`,
      [manufacturerId],
    )) as DealershipLayers[];
    const issuesWith = (layers: DealershipLayers, manufacturer: SiteConfigLayer): FieldError[] => {
      try {
        resolveSiteConfig({
          template: layers.template,
          site: layers.site_config,
          dealership: layers.config,
          manufacturer,
        });
        return [];
      } catch (error) {
        if (!(error instanceof SiteConfigError)) throw error;
        if (error.layer !== 'manufacturer' && error.layer !== 'merged') return [];
        return error.issues.map((issue) => ({ path: `config.${issue.path}`, message: issue.message }));
      }
    };
    const errors = new Map<string, FieldError>();
    for (const layers of dealerships) {
      const already = new Set(issuesWith(layers, before).map((e) => `${e.path}\n${e.message}`));
      for (const issue of issuesWith(layers, after)) {
        const key = `${issue.path}\n${issue.message}`;
        if (already.has(key) || errors.has(key)) continue;
        errors.set(key, {
          path: issue.path,
          message: `${issue.message} (the pages of dealership '${layers.slug}' of site '${layers.site}' could not be shown)`,
        });
      }
    }
    return [...errors.values()];
  }
}
