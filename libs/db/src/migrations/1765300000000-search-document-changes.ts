import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which documents each revision changed, so an index held in memory at revision R catches up by
 * reading only the rows changed after R (and learning which were removed) instead of rebuilding the
 * whole site. The revision triggers write it in the same statement that moves the revision, so the
 * log and the rows can never disagree in any snapshot.
 *
 * Only live versions are logged: an index is only ever built from a live version, and a version
 * that goes live starts its log there (the swap sets `log_floor`, see PostgresSearchEngine). Old
 * entries are pruned by the engine's housekeeping, which raises `log_floor` past what it deleted; an
 * index older than `log_floor` (or a TRUNCATE, which logs nothing) rebuilds instead of catching up.
 */
export class SearchDocumentChanges1765300000000 implements MigrationInterface {
  name = 'SearchDocumentChanges1765300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "search_document_changes" ("site_id" integer NOT NULL, "version" integer NOT NULL, "revision" bigint NOT NULL, "id" integer NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), PRIMARY KEY ("site_id", "version", "revision", "id"))`,
    );
    await queryRunner.query(`ALTER TABLE "search_version_revisions" ADD "log_floor" bigint NOT NULL DEFAULT 0`);
    // Nothing was logged before this migration: no index may catch up across it.
    await queryRunner.query(`UPDATE "search_version_revisions" SET "log_floor" = "revision"`);
    await queryRunner.query(
      logFunction('bump_search_version_revisions', 'SELECT site_id, version, id FROM changed_documents'),
    );
    await queryRunner.query(
      logFunction(
        'bump_search_version_revisions_on_update',
        'SELECT site_id, version, id FROM old_documents UNION SELECT site_id, version, id FROM changed_documents',
      ),
    );
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION "bump_all_search_version_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN UPDATE search_version_revisions SET revision = revision + 1, log_floor = revision + 1; RETURN NULL; END $$`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION "bump_all_search_version_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN UPDATE search_version_revisions SET revision = revision + 1; RETURN NULL; END $$`,
    );
    await queryRunner.query(
      bumpOnlyFunction('bump_search_version_revisions', 'SELECT site_id, version FROM changed_documents'),
    );
    await queryRunner.query(
      bumpOnlyFunction(
        'bump_search_version_revisions_on_update',
        'SELECT site_id, version FROM old_documents UNION SELECT site_id, version FROM changed_documents',
      ),
    );
    await queryRunner.query(`ALTER TABLE "search_version_revisions" DROP COLUMN "log_floor"`);
    await queryRunner.query(`DROP TABLE "search_document_changes"`);
  }
}

/**
 * The revision trigger of 1764700000000 (lock the site's revision rows in one order, then bump each
 * changed version once), which now also logs every changed id of a live version under the revision
 * its statement moved to.
 */
const logFunction = (name: string, changed: string): string =>
  `CREATE OR REPLACE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM 1 FROM search_version_revisions WHERE site_id IN (SELECT c.site_id FROM (${changed}) c)
       ORDER BY site_id, version FOR UPDATE;
     WITH bumped AS (
       INSERT INTO search_version_revisions (site_id, version)
         SELECT DISTINCT c.site_id, c.version FROM (${changed}) c ORDER BY c.site_id, c.version
         ON CONFLICT (site_id, version) DO UPDATE SET revision = search_version_revisions.revision + 1
         RETURNING site_id, version, revision)
     INSERT INTO search_document_changes (site_id, version, revision, id)
       SELECT c.site_id, c.version, b.revision, c.id
       FROM (SELECT DISTINCT x.site_id, x.version, x.id FROM (${changed}) x) c
       JOIN bumped b ON b.site_id = c.site_id AND b.version = c.version
       JOIN search_index_versions v ON v.site_id = c.site_id AND v.version = c.version AND v.state = 'live';
     RETURN NULL;
   END $$`;

const bumpOnlyFunction = (name: string, changed: string): string =>
  `CREATE OR REPLACE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM 1 FROM search_version_revisions WHERE site_id IN (SELECT c.site_id FROM (${changed}) c)
       ORDER BY site_id, version FOR UPDATE;
     INSERT INTO search_version_revisions (site_id, version)
       SELECT DISTINCT c.site_id, c.version FROM (${changed}) c ORDER BY c.site_id, c.version
       ON CONFLICT (site_id, version) DO UPDATE SET revision = search_version_revisions.revision + 1;
     RETURN NULL;
   END $$`;
