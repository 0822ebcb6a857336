import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Explicit, recorded alert consent (issue 43): the alert_consents table (channel, what it covers,
 * the words agreed to, when and where; withdrawn rows kept), texts held for the site's quiet hours
 * (alert_messages.send_after) and a message status for one no consent covers any more.
 *
 * Nothing was ever consented to explicitly before this: every saved search and followed car is
 * paused with no channel until its shopper turns alerts on again from the watchlist (ticking the
 * boxes records the consent), news already waiting is not sent, and saving a car or a search now
 * asks for no channel by default.
 */
export class AlertConsents1765800000000 implements MigrationInterface {
  name = 'AlertConsents1765800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "alert_consents" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "shopper_id" uuid NOT NULL, "site_id" integer NOT NULL, "channel" text NOT NULL, "subject" text NOT NULL, "saved_search_id" uuid, "car_id" integer, "wording" text NOT NULL, "source" text NOT NULL, "granted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "withdrawn_at" TIMESTAMP WITH TIME ZONE, "withdrawn_source" text, CONSTRAINT "ck_alert_consents_subject" CHECK ((subject = 'saved_search' AND saved_search_id IS NOT NULL AND car_id IS NULL) OR (subject = 'car' AND car_id IS NOT NULL AND saved_search_id IS NULL) OR (subject = 'all' AND saved_search_id IS NULL AND car_id IS NULL)), CONSTRAINT "ck_alert_consents_channel" CHECK (channel IN ('email', 'sms')), CONSTRAINT "PK_114268f5f8fcabce8144cdf2912" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_c8bfcb5828e9f6ea62583fb440" ON "alert_consents" ("saved_search_id") `);
    await queryRunner.query(
      `CREATE INDEX "ix_alert_consents_live" ON "alert_consents" ("shopper_id", "channel") WHERE withdrawn_at IS NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "alert_consents" ADD CONSTRAINT "FK_f041fe42bb4c641a99ee2c6da9d" FOREIGN KEY ("shopper_id") REFERENCES "shoppers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "alert_consents" ADD CONSTRAINT "FK_3384f81a33bb1533bca45c37e66" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "alert_consents" ADD CONSTRAINT "FK_c8bfcb5828e9f6ea62583fb440c" FOREIGN KEY ("saved_search_id") REFERENCES "saved_searches"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "alert_consents" ADD CONSTRAINT "FK_bf9416ee30931d92b6718e78344" FOREIGN KEY ("car_id") REFERENCES "cars"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "alert_messages" ADD "send_after" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "alert_messages" DROP CONSTRAINT "ck_alert_messages_status"`);
    await queryRunner.query(
      `ALTER TABLE "alert_messages" ADD CONSTRAINT "ck_alert_messages_status" CHECK (status IN ('pending', 'queued', 'delivered', 'dead', 'withdrawn'))`,
    );
    await queryRunner.query(`ALTER TABLE "watchlist_items" ALTER COLUMN "alert_channels" SET DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE "watchlist_items" ALTER COLUMN "alerts_paused" SET DEFAULT true`);
    await queryRunner.query(`ALTER TABLE "saved_searches" ALTER COLUMN "channels" SET DEFAULT '{}'`);
    // Saved before consent was asked for: paused, no channel, until the shopper opts in.
    await queryRunner.query(`UPDATE "watchlist_items" SET "alerts_paused" = true, "alert_channels" = '{}'`);
    await queryRunner.query(`UPDATE "saved_searches" SET "paused" = true, "channels" = '{}'`);
    await queryRunner.query(`UPDATE "shopper_alerts" SET "status" = 'stopped' WHERE "status" IN ('pending', 'digest')`);
    await queryRunner.query(
      `UPDATE "alert_messages" SET "status" = 'withdrawn', "updated_at" = now() WHERE "status" = 'pending'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "saved_searches" ALTER COLUMN "channels" SET DEFAULT '{sms}'`);
    await queryRunner.query(`ALTER TABLE "watchlist_items" ALTER COLUMN "alerts_paused" SET DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "watchlist_items" ALTER COLUMN "alert_channels" SET DEFAULT '{sms}'`);
    await queryRunner.query(`UPDATE "alert_messages" SET "status" = 'dead' WHERE "status" = 'withdrawn'`);
    await queryRunner.query(`ALTER TABLE "alert_messages" DROP CONSTRAINT "ck_alert_messages_status"`);
    await queryRunner.query(
      `ALTER TABLE "alert_messages" ADD CONSTRAINT "ck_alert_messages_status" CHECK (status IN ('pending', 'queued', 'delivered', 'dead'))`,
    );
    await queryRunner.query(`ALTER TABLE "alert_messages" DROP COLUMN "send_after"`);
    // Paused rows stay paused: going back never turns alerts on for anyone.
    await queryRunner.query(`DROP TABLE "alert_consents"`);
  }
}
