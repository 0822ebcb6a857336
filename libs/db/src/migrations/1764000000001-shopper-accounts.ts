import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shopper sign-in with one-time SMS codes: per-site shoppers, hashed codes and session tokens, the
 * watchlist, and the development SMS sender's outbox.
 */
export class ShopperAccounts1764000000001 implements MigrationInterface {
  name = 'ShopperAccounts1764000000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "shoppers" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "site_id" integer NOT NULL, "phone" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_signed_in_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "uq_shoppers_site_phone" UNIQUE ("site_id", "phone"), CONSTRAINT "PK_77cfeeaf7dd45010377562d8daf" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "shopper_sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "shopper_id" uuid NOT NULL, "token_hash" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_42090b64a1e7d7ce52323490f65" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_55e12d5fac47272657c0bd9826" ON "shopper_sessions" ("shopper_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_8db764ef116e6d2a362447bed1" ON "shopper_sessions" ("token_hash") `,
    );
    await queryRunner.query(
      `CREATE TABLE "sign_in_codes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "site_id" integer NOT NULL, "phone_hash" text NOT NULL, "code_hash" text NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_24f300b58e6f0c283b16257d15f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_sign_in_codes_site_phone_created" ON "sign_in_codes" ("site_id", "phone_hash", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "sms_messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "site_id" integer NOT NULL, "phone" text NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6d4cfef86e93e3fde23954d11bc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_sms_messages_site_created" ON "sms_messages" ("site_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "watchlist_items" ("shopper_id" uuid NOT NULL, "car_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_76ed9fe76be493c9fa2c0cd412b" PRIMARY KEY ("shopper_id", "car_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_c94a047fcd64f08e949577ec8d" ON "watchlist_items" ("car_id") `);
    await queryRunner.query(
      `ALTER TABLE "shoppers" ADD CONSTRAINT "FK_e8a0e4a6808d69afe0a20ff0069" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shopper_sessions" ADD CONSTRAINT "FK_55e12d5fac47272657c0bd98261" FOREIGN KEY ("shopper_id") REFERENCES "shoppers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sign_in_codes" ADD CONSTRAINT "FK_9e89ddf25099475e9541bd20ac7" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sms_messages" ADD CONSTRAINT "FK_6cae54c9b395109cdfc0fd9f3ac" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "watchlist_items" ADD CONSTRAINT "FK_afd432d50665e71250aea55c69e" FOREIGN KEY ("shopper_id") REFERENCES "shoppers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "watchlist_items" ADD CONSTRAINT "FK_c94a047fcd64f08e949577ec8d2" FOREIGN KEY ("car_id") REFERENCES "cars"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // Dropping a table drops its indexes and the constraints it holds; children go first.
    await queryRunner.query(`DROP TABLE "watchlist_items"`);
    await queryRunner.query(`DROP TABLE "shopper_sessions"`);
    await queryRunner.query(`DROP TABLE "sign_in_codes"`);
    await queryRunner.query(`DROP TABLE "sms_messages"`);
    await queryRunner.query(`DROP TABLE "shoppers"`);
  }
}
