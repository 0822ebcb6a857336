import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tenants as data (issue 51): a site is active or suspended (a maintenance page, no syndication or
 * alerts) and retired softly (purged after a retention period); a host carries its verification
 * (pending until the dealer's DNS record is seen, verified, or failing once it stops verifying);
 * and every ops change is written to an audit log with what it was before and after. Hosts and
 * sites already here (the seed's) are active and verified. The sites trigger now also fires on
 * status and retirement, so every process sees a suspended site within the config version's poll.
 */
export class TenantsAsData1766700000000 implements MigrationInterface {
  name = 'TenantsAsData1766700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "sites" ADD "status" text NOT NULL DEFAULT 'active', ADD "retired_at" TIMESTAMP WITH TIME ZONE,
       ADD CONSTRAINT "ck_sites_status" CHECK (status IN ('active', 'suspended'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "site_hosts" ADD "status" text NOT NULL DEFAULT 'verified', ADD "verification_token" text,
       ADD "verified_at" TIMESTAMP WITH TIME ZONE, ADD "checked_at" TIMESTAMP WITH TIME ZONE,
       ADD "check_failures" integer NOT NULL DEFAULT '0', ADD "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
       ADD CONSTRAINT "ck_site_hosts_status" CHECK (status IN ('pending', 'verified', 'failing'))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_site_hosts_site" ON "site_hosts" ("site_id")`);
    await queryRunner.query(
      `CREATE TABLE "ops_audit_log" ("id" BIGSERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
       "actor" text NOT NULL, "action" text NOT NULL, "site_id" integer, "subject" text NOT NULL, "before" jsonb, "after" jsonb,
       CONSTRAINT "PK_ops_audit_log" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_ops_audit_log_site" ON "ops_audit_log" ("site_id", "id")`);
    await queryRunner.query(`DROP TRIGGER "sites_bump_site_config_version" ON "sites"`);
    await queryRunner.query(
      `CREATE TRIGGER "sites_bump_site_config_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF slug, name, template, config, status, retired_at
       ON "sites" FOR EACH STATEMENT EXECUTE FUNCTION bump_site_config_version()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "sites_bump_site_config_version" ON "sites"`);
    await queryRunner.query(
      `CREATE TRIGGER "sites_bump_site_config_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF slug, name, template, config
       ON "sites" FOR EACH STATEMENT EXECUTE FUNCTION bump_site_config_version()`,
    );
    await queryRunner.query(`DROP TABLE "ops_audit_log"`);
    await queryRunner.query(`DROP INDEX "public"."ix_site_hosts_site"`);
    await queryRunner.query(
      `ALTER TABLE "site_hosts" DROP CONSTRAINT "ck_site_hosts_status", DROP COLUMN "created_at", DROP COLUMN "check_failures",
       DROP COLUMN "checked_at", DROP COLUMN "verified_at", DROP COLUMN "verification_token", DROP COLUMN "status"`,
    );
    await queryRunner.query(
      `ALTER TABLE "sites" DROP CONSTRAINT "ck_sites_status", DROP COLUMN "retired_at", DROP COLUMN "status"`,
    );
  }
}
