import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A number per site index version that moves in the same transaction as any write to its search documents, so an
 * in-process index built from the projection can tell, in the statement that fetches a page's hits,
 * whether it still holds exactly what PostgreSQL holds. Statement triggers with transition tables
 * bump it, so every writer (the engine, a reindex, psql) is covered and a batch costs one update
 * per site, not one per row. PostgreSQL allows transition tables only on single-event triggers,
 * hence one trigger per event. Keyed by version, so a reindex writing its new version leaves the
 * live one's number (and an index built from it) alone. Rows are never deleted: a dropped and
 * rebuilt site starts again at version 1, and only the revision keeps an old index from matching.
 */
export class SearchVersionRevisions1764700000000 implements MigrationInterface {
  name = 'SearchVersionRevisions1764700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "search_version_revisions" ("site_id" integer NOT NULL, "version" integer NOT NULL, "revision" bigint NOT NULL DEFAULT 1, PRIMARY KEY ("site_id", "version"))`,
    );
    // Versions that exist already get their row now, so a TRUNCATE moves them too.
    await queryRunner.query(
      `INSERT INTO "search_version_revisions" ("site_id", "version") SELECT "site_id", "version" FROM "search_index_versions" ON CONFLICT DO NOTHING`,
    );
    await queryRunner.query(
      bumpFunction('bump_search_version_revisions', 'SELECT site_id, version FROM changed_documents'),
    );
    // An UPDATE may move rows between versions or sites (psql): both sides move.
    await queryRunner.query(
      bumpFunction(
        'bump_search_version_revisions_on_update',
        'SELECT site_id, version FROM old_documents UNION SELECT site_id, version FROM changed_documents',
      ),
    );
    await queryRunner.query(
      `CREATE FUNCTION "bump_all_search_version_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN UPDATE search_version_revisions SET revision = revision + 1; RETURN NULL; END $$`,
    );
    for (const [event, referencing, fn] of TRIGGERS) {
      await queryRunner.query(
        `CREATE TRIGGER "search_documents_${event.toLowerCase()}_revision" AFTER ${event} ON "search_documents"
         REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      );
    }
    await queryRunner.query(
      `CREATE TRIGGER "search_documents_truncate_revision" AFTER TRUNCATE ON "search_documents"
       FOR EACH STATEMENT EXECUTE FUNCTION bump_all_search_version_revisions()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "search_documents_truncate_revision" ON "search_documents"`);
    for (const [event] of TRIGGERS) {
      await queryRunner.query(`DROP TRIGGER "search_documents_${event.toLowerCase()}_revision" ON "search_documents"`);
    }
    await queryRunner.query(`DROP FUNCTION "bump_all_search_version_revisions"()`);
    await queryRunner.query(`DROP FUNCTION "bump_search_version_revisions_on_update"()`);
    await queryRunner.query(`DROP FUNCTION "bump_search_version_revisions"()`);
    await queryRunner.query(`DROP TABLE "search_version_revisions"`);
  }
}

/**
 * A trigger function bumping the revision of every (site, version) in `changed`. It first locks all
 * revision rows of the sites concerned in one order: an INSERT ... ON CONFLICT fires its UPDATE
 * trigger before its INSERT trigger, so without it an upsert reaching two versions (during a
 * reindex) could lock them in the opposite order to a purge or removal, and deadlock.
 */
const bumpFunction = (name: string, changed: string): string =>
  `CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM 1 FROM search_version_revisions WHERE site_id IN (SELECT c.site_id FROM (${changed}) c)
       ORDER BY site_id, version FOR UPDATE;
     INSERT INTO search_version_revisions (site_id, version)
       SELECT DISTINCT c.site_id, c.version FROM (${changed}) c ORDER BY c.site_id, c.version
       ON CONFLICT (site_id, version) DO UPDATE SET revision = search_version_revisions.revision + 1;
     RETURN NULL;
   END $$`;

const TRIGGERS: [event: string, referencing: string, fn: string][] = [
  ['INSERT', 'NEW TABLE AS changed_documents', 'bump_search_version_revisions'],
  ['UPDATE', 'OLD TABLE AS old_documents NEW TABLE AS changed_documents', 'bump_search_version_revisions_on_update'],
  ['DELETE', 'OLD TABLE AS changed_documents', 'bump_search_version_revisions'],
];
