import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved searches and car alerts (issue 24): saved searches with their selective-key GIN index, the
 * follow settings on watchlist items, the alert matcher's outbox of indexed car changes and its last
 * seen state of each car (seeded from today's cars, so existing stock is not 'new'), shopper alerts
 * (unique per change) and the alert message outbox. Alert emails share outbound_emails in development.
 */
export class SavedSearches1764800000000 implements MigrationInterface {
  name = 'SavedSearches1764800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "saved_searches" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "shopper_id" uuid NOT NULL, "site_id" integer NOT NULL, "name" text NOT NULL, "criteria" jsonb NOT NULL, "page_path" text NOT NULL, "selective_keys" text array NOT NULL, "channels" text array NOT NULL DEFAULT '{sms}', "frequency" text NOT NULL DEFAULT 'instant', "email" text, "paused" boolean NOT NULL DEFAULT false, "last_viewed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_saved_searches_frequency" CHECK (frequency IN ('instant', 'digest')), CONSTRAINT "PK_d9a53c71ccc5cf66dcdc5b33dfe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_saved_searches_shopper" ON "saved_searches" ("shopper_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "alert_car_changes" ("id" BIGSERIAL NOT NULL, "site_id" integer NOT NULL, "car_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_695165ec00292411eada8323187" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_alert_car_changes_site" ON "alert_car_changes" ("site_id", "id")`);
    await queryRunner.query(
      `CREATE TABLE "alert_car_states" ("car_id" integer NOT NULL, "price" integer, "status" text NOT NULL, "reserved" boolean NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_49e43294acb4d3964e1de37cd09" PRIMARY KEY ("car_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "shopper_alerts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "shopper_id" uuid NOT NULL, "site_id" integer NOT NULL, "saved_search_id" uuid, "car_id" integer NOT NULL, "kind" text NOT NULL, "dedupe_key" text NOT NULL, "price" integer, "old_price" integer, "frequency" text NOT NULL, "channels" text array NOT NULL, "email" text, "status" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_shopper_alerts_dedupe" UNIQUE ("shopper_id", "dedupe_key"), CONSTRAINT "ck_shopper_alerts_status" CHECK (status IN ('pending', 'digest', 'sent', 'capped', 'stopped')), CONSTRAINT "ck_shopper_alerts_kind" CHECK (kind IN ('new_match', 'price_drop', 'reserved', 'sold')), CONSTRAINT "PK_5e10b5dde28de2dc9e5f50e4e21" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_14234b2681e5a4fac03bd2fbfd" ON "shopper_alerts" ("car_id")`);
    await queryRunner.query(
      `CREATE INDEX "ix_shopper_alerts_search" ON "shopper_alerts" ("saved_search_id", "created_at")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_shopper_alerts_status" ON "shopper_alerts" ("status", "shopper_id")`);
    await queryRunner.query(
      `CREATE TABLE "alert_messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "notification_id" uuid NOT NULL, "shopper_id" uuid NOT NULL, "site_id" integer NOT NULL, "channel" text NOT NULL, "digest" boolean NOT NULL DEFAULT false, "alert_ids" uuid array NOT NULL, "status" text NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "last_error" text, "target" text, "sent_at" TIMESTAMP WITH TIME ZONE, "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_alert_messages_status" CHECK (status IN ('pending', 'queued', 'delivered', 'dead')), CONSTRAINT "ck_alert_messages_channel" CHECK (channel IN ('email', 'sms')), CONSTRAINT "PK_91104b28b5e7270b1f458baf29d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_alert_messages_shopper_created" ON "alert_messages" ("shopper_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_alert_messages_pending" ON "alert_messages" ("created_at") WHERE status = 'pending'`,
    );
    await queryRunner.query(`ALTER TABLE "watchlist_items" ADD "alert_channels" text array NOT NULL DEFAULT '{sms}'`);
    await queryRunner.query(`ALTER TABLE "watchlist_items" ADD "alert_frequency" text NOT NULL DEFAULT 'instant'`);
    await queryRunner.query(`ALTER TABLE "watchlist_items" ADD "alert_email" text`);
    await queryRunner.query(`ALTER TABLE "watchlist_items" ADD "alerts_paused" boolean NOT NULL DEFAULT false`);
    // Cars saved before alerts existed were saved without any offer of messages: they stay quiet
    // until their shopper turns alerts on from the watchlist page (no unasked-for texts).
    await queryRunner.query(`UPDATE "watchlist_items" SET "alerts_paused" = true`);
    await queryRunner.query(`ALTER TABLE "outbound_emails" ALTER COLUMN "lead_id" DROP NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "saved_searches" ADD CONSTRAINT "FK_0237a42f5c7e281c892b6102f87" FOREIGN KEY ("shopper_id") REFERENCES "shoppers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "saved_searches" ADD CONSTRAINT "FK_c3d7a2af96c09866005de48995f" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "alert_car_states" ADD CONSTRAINT "FK_49e43294acb4d3964e1de37cd09" FOREIGN KEY ("car_id") REFERENCES "cars"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shopper_alerts" ADD CONSTRAINT "FK_6a6c319296003ab6726303d310f" FOREIGN KEY ("shopper_id") REFERENCES "shoppers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shopper_alerts" ADD CONSTRAINT "FK_42db62d70582d46e6709a42111c" FOREIGN KEY ("saved_search_id") REFERENCES "saved_searches"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shopper_alerts" ADD CONSTRAINT "FK_14234b2681e5a4fac03bd2fbfd1" FOREIGN KEY ("car_id") REFERENCES "cars"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "alert_messages" ADD CONSTRAINT "FK_d12b62ae3818b726fa2ea4365c3" FOREIGN KEY ("shopper_id") REFERENCES "shoppers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_saved_searches_keys" ON "saved_searches" USING gin ("selective_keys") WHERE NOT "paused"`,
    );
    await queryRunner.query(
      `INSERT INTO "alert_car_states" ("car_id", "price", "status", "reserved") SELECT "id", "price", "status", "reserved" FROM "cars"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "outbound_emails" WHERE "lead_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "outbound_emails" ALTER COLUMN "lead_id" SET NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "watchlist_items" DROP COLUMN "alerts_paused", DROP COLUMN "alert_email", DROP COLUMN "alert_frequency", DROP COLUMN "alert_channels"`,
    );
    // Dropping a table drops its indexes and the constraints it holds; children go first.
    await queryRunner.query(`DROP TABLE "alert_messages"`);
    await queryRunner.query(`DROP TABLE "shopper_alerts"`);
    await queryRunner.query(`DROP TABLE "alert_car_states"`);
    await queryRunner.query(`DROP TABLE "alert_car_changes"`);
    await queryRunner.query(`DROP TABLE "saved_searches"`);
  }
}
