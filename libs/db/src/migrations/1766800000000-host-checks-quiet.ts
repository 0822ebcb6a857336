import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A host's verification checks (issue 51) write checked_at and check_failures every minute for a
 * pending host and every hour for a verified one. The site_hosts trigger fired on any update, so
 * each check moved the configuration version and emptied every process's site cache and the web's
 * page cache. It now fires only on what serving reads: which host, its site, whether it is primary
 * and its status (a host verified or failing starts or keeps serving; pending stops it).
 */
export class HostChecksQuiet1766800000000 implements MigrationInterface {
  name = 'HostChecksQuiet1766800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "site_hosts_bump_site_config_version" ON "site_hosts"`);
    await queryRunner.query(
      `CREATE TRIGGER "site_hosts_bump_site_config_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF host, site_id, "primary", status
       ON "site_hosts" FOR EACH STATEMENT EXECUTE FUNCTION bump_site_config_version()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "site_hosts_bump_site_config_version" ON "site_hosts"`);
    await queryRunner.query(
      `CREATE TRIGGER "site_hosts_bump_site_config_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE
       ON "site_hosts" FOR EACH STATEMENT EXECUTE FUNCTION bump_site_config_version()`,
    );
  }
}
