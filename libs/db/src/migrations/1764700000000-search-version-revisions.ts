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
    await queryRunner.query(
      `CREATE FUNCTION "bump_search_version_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO search_version_revisions (site_id, version)
           SELECT DISTINCT site_id, version FROM changed_documents ORDER BY site_id, version
           ON CONFLICT (site_id, version) DO UPDATE SET revision = search_version_revisions.revision + 1;
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE FUNCTION "bump_all_search_version_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN UPDATE search_version_revisions SET revision = revision + 1; RETURN NULL; END $$`,
    );
    for (const [event, table] of TRIGGERS) {
      await queryRunner.query(
        `CREATE TRIGGER "search_documents_${event.toLowerCase()}_revision" AFTER ${event} ON "search_documents"
         REFERENCING ${table} TABLE AS changed_documents FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version_revisions()`,
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
    await queryRunner.query(`DROP FUNCTION "bump_search_version_revisions"()`);
    await queryRunner.query(`DROP TABLE "search_version_revisions"`);
  }
}

const TRIGGERS: [string, string][] = [
  ['INSERT', 'NEW'],
  ['UPDATE', 'NEW'],
  ['DELETE', 'OLD'],
];
