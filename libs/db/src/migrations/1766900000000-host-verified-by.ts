import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A custom domain may prove control by its TXT record or by its token served over HTTP through the
 * platform (issue 51). verified_by keeps which way its last match came, so ops know what the dealer
 * must keep in place (the record, or DNS pointing here). Not among the columns the site_hosts
 * trigger fires on: a check that changes it moves no configuration version.
 */
export class HostVerifiedBy1766900000000 implements MigrationInterface {
  name = 'HostVerifiedBy1766900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "site_hosts" ADD "verified_by" text`);
    await queryRunner.query(
      `ALTER TABLE "site_hosts" ADD CONSTRAINT "ck_site_hosts_verified_by" CHECK (verified_by IN ('dns', 'http'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "site_hosts" DROP CONSTRAINT "ck_site_hosts_verified_by"`);
    await queryRunner.query(`ALTER TABLE "site_hosts" DROP COLUMN "verified_by"`);
  }
}
