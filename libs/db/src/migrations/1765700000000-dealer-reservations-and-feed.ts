import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dealer console's reservations and feed health (issue 40): a hold counts its extensions and
 * records when a dealer first acted and when its dealership was reminded; reservation emails (the
 * shopper told of the outcome, the dealership reminded) go through their own outbox, one reminder
 * per reservation; a held snapshot keeps the stock numbers it would withdraw; a feed key records
 * when it was last used.
 */
export class DealerReservationsAndFeed1765700000000 implements MigrationInterface {
  name = 'DealerReservationsAndFeed1765700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reservations" ADD "hold_extensions" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "reservations" ADD "dealer_acted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "reservations" ADD "dealer_reminded_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE TABLE "reservation_notices" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "reservation_id" uuid NOT NULL, "kind" text NOT NULL, "recipients" text array NOT NULL, "subject" text NOT NULL, "body" text NOT NULL, "status" text NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "ck_reservation_notices_kind" CHECK (kind IN ('completed', 'cancelled', 'extended', 'dealer_reminder')), CONSTRAINT "ck_reservation_notices_status" CHECK (status IN ('pending', 'sent', 'dead')), CONSTRAINT "PK_reservation_notices" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_reservation_notices_reminder" ON "reservation_notices" ("reservation_id") WHERE kind = 'dealer_reminder'`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_reservation_notices_pending" ON "reservation_notices" ("created_at") WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `ALTER TABLE "reservation_notices" ADD CONSTRAINT "FK_b21546e573bb8782c9c7132dca5" FOREIGN KEY ("reservation_id") REFERENCES "reservations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "feed_runs" ADD "held_withdrawals" jsonb`);
    await queryRunner.query(`ALTER TABLE "feed_keys" ADD "last_used_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "feed_keys" DROP COLUMN "last_used_at"`);
    await queryRunner.query(`ALTER TABLE "feed_runs" DROP COLUMN "held_withdrawals"`);
    await queryRunner.query(`DROP TABLE "reservation_notices"`);
    await queryRunner.query(`ALTER TABLE "reservations" DROP COLUMN "dealer_reminded_at"`);
    await queryRunner.query(`ALTER TABLE "reservations" DROP COLUMN "dealer_acted_at"`);
    await queryRunner.query(`ALTER TABLE "reservations" DROP COLUMN "hold_extensions"`);
  }
}
