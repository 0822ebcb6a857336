import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The certificate side of a host's health in the ops console (issue 51): when Caddy last asked
 * the TLS ask endpoint for it and was told yes. Caddy asks only to obtain or renew a certificate,
 * so this is when its certificate was last requested; null means no HTTPS visit has needed one
 * yet. Not among the columns the site_hosts trigger fires on: an ask moves no configuration version.
 */
export class HostCertificateAsked1767200000000 implements MigrationInterface {
  name = 'HostCertificateAsked1767200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "site_hosts" ADD "certificate_asked_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "site_hosts" DROP COLUMN "certificate_asked_at"`);
  }
}
