import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One number that changes whenever a configuration layer, or what a site's settings are built from,
 * changes. Caches of merged configuration compare it instead of expiring on a timer. Triggers bump
 * it, so every writer (seed, ops with psql, a future admin api) invalidates without remembering to.
 * Only the columns settings are built from fire the trigger: a dealership's review counts or a
 * feed's writes never invalidate, and never queue behind the version row's lock.
 */
export class SiteConfigVersion1764500000000 implements MigrationInterface {
  name = 'SiteConfigVersion1764500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "site_config_version" ("only" boolean PRIMARY KEY DEFAULT true CHECK ("only"), "version" bigint NOT NULL DEFAULT 1)`,
    );
    await queryRunner.query(`INSERT INTO "site_config_version" DEFAULT VALUES`);
    await queryRunner.query(
      `CREATE FUNCTION "bump_site_config_version"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN UPDATE site_config_version SET version = version + 1; RETURN NULL; END $$`,
    );
    for (const [table, columns] of TRIGGERS) {
      await queryRunner.query(
        `CREATE TRIGGER "${table}_bump_site_config_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE${columns ? ` OF ${columns}` : ''}
         ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION bump_site_config_version()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of TRIGGERS) {
      await queryRunner.query(`DROP TRIGGER "${table}_bump_site_config_version" ON "${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION "bump_site_config_version"()`);
    await queryRunner.query(`DROP TABLE "site_config_version"`);
  }
}

const TRIGGERS: [string, string | null][] = [
  ['site_templates', null],
  ['sites', 'slug, name, template, config'],
  ['site_hosts', null],
  ['dealerships', 'site_id, manufacturer_id, config'],
  ['manufacturers', 'config'],
];
