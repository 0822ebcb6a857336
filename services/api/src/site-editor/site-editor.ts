import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  configChanges,
  dateRangeProblems,
  imageAltProblems,
  isDealerEditablePath,
  LayerDocumentSchema,
  locationIssues,
  sameDocument,
  siteOrigin,
  type ConfigChange,
  type LayerDocument,
  type LocationType,
} from '@platform/domain';
import { ENV, fieldErrorsOf, notFound, ProblemException, type FieldError } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { readLocationHours, writeLocationHours } from '../onboarding/location-rows';
import { mergedProblems, type LayerTarget } from './layer-targets';
import { hashPreviewToken } from './preview-drafts';

/** Who edits: their stable id (for their own draft) and the name the history shows. */
export interface EditorActor {
  id: string;
  name: string;
  /** 'dealer': only the fields the schema marks dealer-editable; 'full': anything the schema takes. */
  scope: 'dealer' | 'full';
}

export interface VersionView {
  version: number;
  author: string;
  published_at: string;
  note: string | null;
  rolled_back_to: number | null;
  changes: ConfigChange[];
}

export interface DraftView {
  document: LayerDocument;
  base_version: number;
  author: string;
  updated_at: string;
  /** Someone published after this draft was started: publishing it is refused until it is rebased. */
  stale: boolean;
}

export interface LayerView {
  layer: string;
  kind: LayerTarget['kind'];
  name: string;
  version: number;
  published: LayerDocument;
  draft: DraftView | null;
  /** Other people's drafts of this layer: who, and since when (their contents are theirs). */
  other_drafts: { author: string; updated_at: string }[];
  locations: { slug: string; name: string; location_type: string }[];
}

interface VersionRow {
  version: number;
  document: LayerDocument;
  changes: ConfigChange[];
  author_name: string;
  note: string | null;
  rolled_back_to: number | null;
  published_at: Date;
}

interface DraftRow {
  id: string;
  author: string;
  author_name: string;
  base_version: number;
  document: LayerDocument;
  updated_at: Date;
}

/** How long a preview link works: long enough to show a colleague, short enough not to linger. */
const PREVIEW_HOURS = 8;
const HISTORY_LIMIT = 200;

const invalidDocument = (errors: FieldError[]): ProblemException =>
  new ProblemException({
    status: 400,
    title: 'The pages cannot show this',
    detail: `Nothing was saved: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    errors,
  });

/**
 * The site editor (issue 52): drafts of a configuration layer per editor, preview links, atomic
 * publish, a kept history of every published version with its changes, and rollback (an earlier
 * version published as a new one). Every write to a layer holds one advisory lock per layer, so
 * two publishes of one layer never interleave and the version numbers have no gaps or repeats.
 *
 * A change made outside the editor (an ops record PUT, psql) is found the next time the layer is
 * touched and recorded as its own version, so the history stays complete and a rollback restores
 * what was really live.
 */
@Injectable()
export class SiteEditor {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ENV) private readonly env: ApiEnv,
  ) {}

  async view(target: LayerTarget, actor: EditorActor): Promise<LayerView> {
    return this.db.transaction(async (manager) => {
      const latest = await this.settle(manager, target);
      const drafts = (await manager.query(
        `SELECT id, author, author_name, base_version, document, updated_at FROM config_drafts WHERE layer = $1 ORDER BY updated_at DESC`,
        [target.key],
      )) as DraftRow[];
      const mine = drafts.find((d) => d.author === actor.id);
      return {
        layer: target.name,
        kind: target.kind,
        name: target.label,
        version: latest.version,
        published: latest.document,
        draft: mine ? draftView(mine, latest.version) : null,
        other_drafts: drafts
          .filter((d) => d.author !== actor.id)
          .map((d) => ({ author: d.author_name, updated_at: d.updated_at.toISOString() })),
        locations: await this.locationsOf(manager, target),
      };
    });
  }

  /** Saves the actor's draft, refusing (and saving nothing) what the pages could not show. */
  async saveDraft(target: LayerTarget, actor: EditorActor, body: { base_version: number; document: unknown }) {
    return this.db.transaction(async (manager) => {
      const latest = await this.settle(manager, target);
      if (body.base_version > latest.version)
        throw new ProblemException({
          status: 400,
          title: 'No such version',
          detail: `base_version ${body.base_version} is newer than the published version ${latest.version}.`,
          errors: [{ path: 'base_version', message: `Start from version ${latest.version} or an earlier one.` }],
        });
      const document = await this.validate(manager, target, actor, body.document, latest.document, 'document');
      const [row] = (await manager.query(
        `INSERT INTO config_drafts (layer, site_id, author, author_name, base_version, document)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (layer, author) DO UPDATE SET author_name = EXCLUDED.author_name, base_version = EXCLUDED.base_version,
           document = EXCLUDED.document, updated_at = now()
         RETURNING id, author, author_name, base_version, document, updated_at`,
        [target.key, target.siteId, actor.id, actor.name, body.base_version, JSON.stringify(document)],
      )) as DraftRow[];
      return draftView(row!, latest.version);
    });
  }

  async discardDraft(target: LayerTarget, actor: EditorActor): Promise<void> {
    await this.db.query(`DELETE FROM config_drafts WHERE layer = $1 AND author = $2`, [target.key, actor.id]);
  }

  /** A link that opens the site with the actor's draft applied, for this browser only (a cookie the web sets). */
  async preview(target: LayerTarget, actor: EditorActor): Promise<{ url: string; expires_at: string }> {
    if (target.siteId == null || target.kind === 'template' || target.kind === 'manufacturer')
      throw new ProblemException({
        status: 409,
        title: 'No site to preview on',
        detail: "Templates and brands are shared by many sites: preview a site's or a dealership's layer instead.",
      });
    const token = randomBytes(32).toString('base64url');
    const expires = new Date(Date.now() + PREVIEW_HOURS * 3_600_000);
    const rows = (await this.db.query(
      `UPDATE config_drafts SET preview_token_hash = $3, preview_expires_at = $4 WHERE layer = $1 AND author = $2 RETURNING id`,
      [target.key, actor.id, hashPreviewToken(token), expires],
    )) as unknown[];
    // pg answers UPDATE ... RETURNING as [rows, count].
    const updated = Array.isArray(rows[0]) ? (rows[0] as unknown[]) : rows;
    if (updated.length === 0) throw noDraft();
    const [host] = (await this.db.query(
      `SELECT s.slug, (SELECT h.host FROM site_hosts h WHERE h.site_id = s.id AND h.status IN ('active', 'verified')
         ORDER BY h."primary" DESC, h.host LIMIT 1) AS host FROM sites s WHERE s.id = $1`,
      [target.siteId],
    )) as { slug: string; host: string | null }[];
    const origin = siteOrigin({ slug: host!.slug, host: host!.host }, this.env.WEB_PORT);
    return { url: `${origin}/_preview?token=${token}`, expires_at: expires.toISOString() };
  }

  /** Publishes the actor's draft whole, or refuses: 409 when someone published since it was started. */
  async publish(target: LayerTarget, actor: EditorActor): Promise<VersionView> {
    return this.db.transaction(async (manager) => {
      const latest = await this.settle(manager, target);
      const [draft] = (await manager.query(
        `SELECT id, author, author_name, base_version, document, updated_at FROM config_drafts WHERE layer = $1 AND author = $2 FOR UPDATE`,
        [target.key, actor.id],
      )) as DraftRow[];
      if (!draft) throw noDraft();
      if (draft.base_version !== latest.version) {
        const [base] = (await manager.query(`SELECT document FROM config_versions WHERE layer = $1 AND version = $2`, [
          target.key,
          draft.base_version,
        ])) as { document: LayerDocument }[];
        throw new ProblemException({
          status: 409,
          title: 'Someone published first',
          detail: `Your draft starts from version ${draft.base_version}, and version ${latest.version} is live now. Look at what changed, then save your draft again from version ${latest.version} and publish.`,
          version: latest.version,
          changes: configChanges(base?.document ?? {}, latest.document),
        });
      }
      const document = await this.validate(manager, target, actor, draft.document, latest.document, 'document');
      const version = await this.apply(manager, target, document, latest, { author: actor.name });
      await manager.query(`DELETE FROM config_drafts WHERE id = $1`, [draft.id]);
      return version;
    });
  }

  async history(target: LayerTarget): Promise<{ versions: VersionView[] }> {
    return this.db.transaction(async (manager) => {
      await this.settle(manager, target);
      const rows = (await manager.query(
        `SELECT version, document, changes, author_name, note, rolled_back_to, published_at FROM config_versions
         WHERE layer = $1 ORDER BY version DESC LIMIT ${HISTORY_LIMIT}`,
        [target.key],
      )) as VersionRow[];
      return { versions: rows.map(versionView) };
    });
  }

  /** Publishes an earlier version's document as a new version; the versions in between stay in the history. */
  async rollback(target: LayerTarget, actor: EditorActor, to: number): Promise<VersionView> {
    return this.db.transaction(async (manager) => {
      const latest = await this.settle(manager, target);
      const [row] = (await manager.query(`SELECT document FROM config_versions WHERE layer = $1 AND version = $2`, [
        target.key,
        to,
      ])) as { document: LayerDocument }[];
      if (!row) throw notFound('No such version', `This layer has no version ${to}; its latest is ${latest.version}.`);
      // A version the schema no longer takes (or a dealer's rollback over an operator's change) is refused like an edit.
      const document = await this.validate(manager, target, actor, row.document, latest.document, 'version');
      return this.apply(manager, target, document, latest, {
        author: actor.name,
        note: `Rolled back to version ${to}`,
        rolledBackTo: to,
      });
    });
  }

  /**
   * The latest version of a layer, recording one first when there is none (what was live before
   * the editor) or when the live layer differs from it (changed outside the editor). Holds the
   * layer's lock for the rest of the caller's transaction.
   */
  private async settle(manager: EntityManager, target: LayerTarget): Promise<VersionRow> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`config-layer:${target.key}`]);
    const live = await this.liveDocument(manager, target);
    const [latest] = (await manager.query(
      `SELECT version, document, changes, author_name, note, rolled_back_to, published_at FROM config_versions
       WHERE layer = $1 ORDER BY version DESC LIMIT 1`,
      [target.key],
    )) as VersionRow[];
    if (latest && sameDocument(latest.document, live)) return latest;
    return this.record(manager, target, live, latest ?? null, {
      author: latest ? 'Outside the editor' : 'Before the editor',
      note: latest
        ? 'Changed outside the editor (ops records or the database)'
        : 'As it was when the editor first opened it',
    });
  }

  private async record(
    manager: EntityManager,
    target: LayerTarget,
    document: LayerDocument,
    previous: VersionRow | null,
    how: { author: string; note?: string; rolledBackTo?: number },
  ): Promise<VersionRow> {
    const [row] = (await manager.query(
      `INSERT INTO config_versions (layer, site_id, version, document, changes, author, author_name, note, rolled_back_to)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8)
       RETURNING version, document, changes, author_name, note, rolled_back_to, published_at`,
      [
        target.key,
        target.siteId,
        (previous?.version ?? 0) + 1,
        JSON.stringify(document),
        JSON.stringify(previous ? configChanges(previous.document, document) : []),
        how.author,
        how.note ?? null,
        how.rolledBackTo ?? null,
      ],
    )) as VersionRow[];
    return row!;
  }

  /** Writes the document to the layer's tables and records it, as read back, as the next version. */
  private async apply(
    manager: EntityManager,
    target: LayerTarget,
    document: LayerDocument,
    latest: VersionRow,
    how: { author: string; note?: string; rolledBackTo?: number },
  ): Promise<VersionView> {
    await manager.query(`UPDATE ${target.table} SET config = $2 WHERE ${target.idColumn} = $1`, [
      target.id,
      JSON.stringify(document.config),
    ]);
    if (target.kind === 'dealership' && document.locations) {
      const locations = await this.locationsOf(manager, target);
      for (const [slug, hours] of Object.entries(document.locations)) {
        const location = locations.find((l) => l.slug === slug)!;
        await writeLocationHours(manager, location.id, { name: location.name, ...hours });
      }
    }
    const live = await this.liveDocument(manager, target);
    const row = await this.record(manager, target, live, latest, how);
    return versionView(row);
  }

  /** What the layer is now: its config, and a dealership's visible locations' hours. */
  private async liveDocument(manager: EntityManager, target: LayerTarget): Promise<LayerDocument> {
    const [row] = (await manager.query(`SELECT config FROM ${target.table} WHERE ${target.idColumn} = $1`, [
      target.id,
    ])) as { config: LayerDocument['config'] | null }[];
    const document: LayerDocument = { config: row?.config ?? {} };
    if (target.kind !== 'dealership') return document;
    const locations = await this.locationsOf(manager, target);
    const hours = await readLocationHours(
      manager,
      locations.map((l) => l.id),
    );
    document.locations = Object.fromEntries(
      locations.map((l) => [l.slug, hours.get(l.id) ?? { hours: {}, special_hours: [] }]),
    ) as LayerDocument['locations'];
    return document;
  }

  private async locationsOf(
    manager: EntityManager,
    target: LayerTarget,
  ): Promise<{ id: number; slug: string; name: string; location_type: string }[]> {
    if (target.kind !== 'dealership') return [];
    return (await manager.query(
      `SELECT id, slug, name, location_type FROM locations WHERE dealership_id = $1 AND visible ORDER BY "primary" DESC, name, id`,
      [target.id],
    )) as { id: number; slug: string; name: string; location_type: string }[];
  }

  /**
   * The document as the layer would hold it, or 400 naming every field the pages could not show:
   * its shape, each location's hours rules, the merged configuration of every site it reaches
   * (contrast included), and for a dealer, that nothing outside their fields changed.
   */
  private async validate(
    manager: EntityManager,
    target: LayerTarget,
    actor: EditorActor,
    input: unknown,
    published: LayerDocument,
    where: 'document' | 'version',
  ): Promise<LayerDocument> {
    const parsed = LayerDocumentSchema.safeParse(input);
    if (!parsed.success)
      throw invalidDocument(fieldErrorsOf(parsed.error).map((e) => ({ ...e, path: `${where}.${e.path}` })));
    const document = parsed.data as LayerDocument;
    const errors: FieldError[] = [];
    const locations = await this.locationsOf(manager, target);
    for (const [slug, hours] of Object.entries(document.locations ?? {})) {
      const location = locations.find((l) => l.slug === slug);
      if (!location) {
        errors.push({
          path: `${where}.locations.${slug}`,
          message:
            target.kind === 'dealership'
              ? `This dealership has no location '${slug}'.`
              : 'Only a dealership layer holds opening hours.',
        });
        continue;
      }
      for (const issue of locationIssues({
        location_type: (location.location_type || 'sales') as LocationType,
        ...hours,
      }))
        errors.push({ path: [`${where}.locations`, slug, ...issue.path].join('.'), message: issue.message });
    }
    if (actor.scope === 'dealer')
      for (const field of changedFields(published.config, document.config))
        if (!isDealerEditablePath(field.split('.')))
          errors.push({
            path: `${where}.config.${field}`,
            message: `${field} is not one of the settings a dealership changes itself; ask the platform's operators.`,
          });
    for (const problem of [...dateRangeProblems(document.config), ...imageAltProblems(document.config)])
      errors.push({ path: `${where}.config.${problem.path}`, message: problem.message });
    if (errors.length === 0)
      for (const problem of await mergedProblems(manager, target, document.config))
        errors.push({ path: `${where}.config.${problem.path}`, message: problem.message });
    if (errors.length > 0) throw invalidDocument(errors);
    return document;
  }
}

/** The settings ('group.field') two layers differ in, however deep the difference or whole the group added. */
function changedFields(before: LayerDocument['config'], after: LayerDocument['config']): string[] {
  const fields = new Set<string>();
  for (const change of configChanges(before, after)) {
    const [group, field] = change.path.split(/[.[]/);
    if (field !== undefined) fields.add(`${group}.${field}`);
    else
      for (const side of [change.before, change.after])
        for (const key of Object.keys((side as object | undefined) ?? {})) fields.add(`${group}.${key}`);
  }
  return [...fields];
}

const noDraft = (): ProblemException =>
  notFound('No draft', 'You have no draft of this layer: save one first (PUT .../draft).');

function draftView(row: DraftRow, latest: number): DraftView {
  return {
    document: row.document,
    base_version: row.base_version,
    author: row.author_name,
    updated_at: row.updated_at.toISOString(),
    stale: row.base_version !== latest,
  };
}

function versionView(row: VersionRow): VersionView {
  return {
    version: row.version,
    author: row.author_name,
    published_at: row.published_at.toISOString(),
    note: row.note,
    rolled_back_to: row.rolled_back_to,
    changes: row.changes,
  };
}
