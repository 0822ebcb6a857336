import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators sign in to the ops console one by one (issue 51), as dealer users do: OPS_TOKEN stays
 * for machines, and every change an operator makes is written to ops_audit_log under their name.
 * Links and sessions keep only the SHA-256 of their tokens. ops_sign_in_requests counts requests
 * for any address (known or not, by its HMAC), so the hourly limit answers the same for both.
 */
export class OpsOperators1767000000000 implements MigrationInterface {
  name = 'OpsOperators1767000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "ops_users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" text NOT NULL, "name" text NOT NULL,
       "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_signed_in_at" TIMESTAMP WITH TIME ZONE,
       "disabled_at" TIMESTAMP WITH TIME ZONE,
       CONSTRAINT "uq_ops_users_email" UNIQUE ("email"), CONSTRAINT "pk_ops_users" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "ops_sign_in_links" ("id" uuid NOT NULL DEFAULT gen_random_uuid(),
       "user_id" uuid NOT NULL REFERENCES "ops_users" ("id") ON DELETE CASCADE, "token_hash" text NOT NULL,
       "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE,
       "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
       CONSTRAINT "uq_ops_sign_in_links_token" UNIQUE ("token_hash"), CONSTRAINT "pk_ops_sign_in_links" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "ops_sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(),
       "user_id" uuid NOT NULL REFERENCES "ops_users" ("id") ON DELETE CASCADE, "token_hash" text NOT NULL,
       "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
       "revoked_at" TIMESTAMP WITH TIME ZONE,
       CONSTRAINT "uq_ops_sessions_token" UNIQUE ("token_hash"), CONSTRAINT "pk_ops_sessions" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "ops_sign_in_requests" ("id" bigserial NOT NULL, "address_hash" text NOT NULL,
       "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_ops_sign_in_requests" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_ops_sign_in_requests_address" ON "ops_sign_in_requests" ("address_hash", "created_at")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ops_sign_in_requests"`);
    await queryRunner.query(`DROP TABLE "ops_sessions"`);
    await queryRunner.query(`DROP TABLE "ops_sign_in_links"`);
    await queryRunner.query(`DROP TABLE "ops_users"`);
  }
}
