import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dealer users and their sign-in. A user belongs to one site (a dealer group's console lives on its
 * own site's host) and holds a role in one or more of that site's dealerships. Sign-in links and
 * sessions are stored as SHA-256 hashes of 32 random bytes; the audit log records who changed what.
 */
export class DealerAccounts1765400000000 implements MigrationInterface {
  name = 'DealerAccounts1765400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "dealer_users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "site_id" integer NOT NULL REFERENCES "sites" ("id") ON DELETE CASCADE, "email" text NOT NULL, "name" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_signed_in_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "ck_dealer_users_email_lower" CHECK (email = lower(email)), CONSTRAINT "uq_dealer_users_site_email" UNIQUE ("site_id", "email"), CONSTRAINT "pk_dealer_users" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "dealer_memberships" ("user_id" uuid NOT NULL REFERENCES "dealer_users" ("id") ON DELETE CASCADE, "dealership_id" integer NOT NULL REFERENCES "dealerships" ("id") ON DELETE CASCADE, "role" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_dealer_memberships_role" CHECK (role IN ('owner', 'sales', 'viewer')), CONSTRAINT "pk_dealer_memberships" PRIMARY KEY ("user_id", "dealership_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_dealer_memberships_dealership" ON "dealer_memberships" ("dealership_id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "dealer_sign_in_links" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL REFERENCES "dealer_users" ("id") ON DELETE CASCADE, "token_hash" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_dealer_sign_in_links_token" UNIQUE ("token_hash"), CONSTRAINT "pk_dealer_sign_in_links" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "dealer_sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL REFERENCES "dealer_users" ("id") ON DELETE CASCADE, "token_hash" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "uq_dealer_sessions_token" UNIQUE ("token_hash"), CONSTRAINT "pk_dealer_sessions" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "dealer_audit_log" ("id" bigserial NOT NULL, "dealership_id" integer NOT NULL REFERENCES "dealerships" ("id") ON DELETE CASCADE, "actor" text NOT NULL, "action" text NOT NULL, "detail" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_dealer_audit_log" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_dealer_audit_log_dealership" ON "dealer_audit_log" ("dealership_id", "created_at")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "dealer_audit_log"`);
    await queryRunner.query(`DROP TABLE "dealer_sessions"`);
    await queryRunner.query(`DROP TABLE "dealer_sign_in_links"`);
    await queryRunner.query(`DROP TABLE "dealer_memberships"`);
    await queryRunner.query(`DROP TABLE "dealer_users"`);
  }
}
