import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reserve online and buy online (issue 21): reservations (one active per car, by a partial unique
 * index), online payments, the payment events acted on (so a replayed webhook changes nothing) and
 * the built-in local provider's own payments. The car's reserved flag becomes the feed's flag OR an
 * online hold, kept by a trigger, so a feed update can never clear a paid reservation and the hold's
 * release never clears the dealer's own flag.
 */
export class Reservations1764600000000 implements MigrationInterface {
  name = 'Reservations1764600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "reservations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" text NOT NULL DEFAULT 'reserve', "site_id" integer NOT NULL, "dealership_id" integer, "car_id" integer, "car_summary" jsonb NOT NULL, "shopper_id" uuid, "contact" jsonb NOT NULL, "selections" jsonb, "deposit_cents" integer NOT NULL, "currency" text NOT NULL DEFAULT 'aud', "status" text NOT NULL DEFAULT 'pending_payment', "payment_provider" text NOT NULL, "payment_ref" text, "payment_deadline" TIMESTAMP WITH TIME ZONE NOT NULL, "hold_expires_at" TIMESTAMP WITH TIME ZONE, "payment_error" text, "refund_due" boolean NOT NULL DEFAULT false, "refund_ref" text, "ops_flag" text, "lead_id" uuid, "idempotency_key" text, "request_hash" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "held_at" TIMESTAMP WITH TIME ZONE, "ended_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "ck_reservations_deposit" CHECK (deposit_cents > 0), CONSTRAINT "ck_reservations_kind" CHECK (kind IN ('reserve', 'purchase')), CONSTRAINT "ck_reservations_status" CHECK (status IN ('pending_payment', 'held', 'completed', 'released', 'cancelled', 'expired', 'refunded')), CONSTRAINT "PK_da95cef71b617ac35dc5bcda243" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_reservations_status_site" ON "reservations" ("status", "site_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_reservations_idempotency" ON "reservations" ("site_id", "idempotency_key") WHERE idempotency_key IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_reservations_payment" ON "reservations" ("payment_provider", "payment_ref") WHERE payment_ref IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_reservations_active_car" ON "reservations" ("car_id") WHERE status IN ('pending_payment', 'held')`,
    );
    await queryRunner.query(
      `CREATE TABLE "online_payments" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "site_id" integer NOT NULL, "dealership_id" integer, "reference" text NOT NULL, "amount_cents" integer NOT NULL, "currency" text NOT NULL DEFAULT 'aud', "contact" jsonb NOT NULL, "status" text NOT NULL DEFAULT 'pending_payment', "payment_provider" text NOT NULL, "payment_ref" text, "payment_error" text, "lead_id" uuid, "idempotency_key" text, "request_hash" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "paid_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "ck_online_payments_amount" CHECK (amount_cents > 0), CONSTRAINT "ck_online_payments_status" CHECK (status IN ('pending_payment', 'paid', 'abandoned')), CONSTRAINT "PK_020f987935fcdfc47542dee7aab" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_online_payments_site_created" ON "online_payments" ("site_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_online_payments_idempotency" ON "online_payments" ("site_id", "idempotency_key") WHERE idempotency_key IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_online_payments_payment" ON "online_payments" ("payment_provider", "payment_ref") WHERE payment_ref IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "payment_events" ("provider" text NOT NULL, "event_id" text NOT NULL, "type" text NOT NULL, "payment_ref" text, "outcome" text NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cdb38f647e394ea5717c7ebb4f9" PRIMARY KEY ("provider", "event_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "local_payments" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "idempotency_key" text NOT NULL, "amount_cents" integer NOT NULL, "currency" text NOT NULL, "description" text NOT NULL, "metadata" jsonb NOT NULL, "status" text NOT NULL DEFAULT 'requires_payment', "declines" integer NOT NULL DEFAULT '0', "refunded_cents" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_local_payments_status" CHECK (status IN ('requires_payment', 'succeeded', 'canceled')), CONSTRAINT "PK_e52b09c6820380f040c8115099a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_local_payments_idempotency" ON "local_payments" ("idempotency_key")`,
    );
    await queryRunner.query(`ALTER TABLE "cars" ADD "feed_reserved" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "cars" ADD "reservation_id" uuid`);
    await queryRunner.query(
      `ALTER TABLE "cars" ADD CONSTRAINT "FK_9760906a27074a7ba5624f1a172" FOREIGN KEY ("reservation_id") REFERENCES "reservations"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "reservations" ADD CONSTRAINT "FK_c9fd61e5dc07f4573f1b440654a" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "reservations" ADD CONSTRAINT "FK_60f68e854f07b4a86cdd1cbb9a9" FOREIGN KEY ("dealership_id") REFERENCES "dealerships"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "reservations" ADD CONSTRAINT "FK_678ef344812304c85332f36cb7d" FOREIGN KEY ("car_id") REFERENCES "cars"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "reservations" ADD CONSTRAINT "FK_551ab42675e3d5f7bfa375ab555" FOREIGN KEY ("shopper_id") REFERENCES "shoppers"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "reservations" ADD CONSTRAINT "FK_eaf39234799fd55a3c34fb14ab1" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "online_payments" ADD CONSTRAINT "FK_a2367212a57dcdace5c30fbb3a4" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "online_payments" ADD CONSTRAINT "FK_78285002dc2e35b51e20ed16e8e" FOREIGN KEY ("dealership_id") REFERENCES "dealerships"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "online_payments" ADD CONSTRAINT "FK_9a5aacccd0a326b48e31b63540b" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`UPDATE "cars" SET "feed_reserved" = "reserved"`);
    await queryRunner.query(
      `CREATE FUNCTION "cars_reserved"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN NEW.reserved := NEW.feed_reserved OR NEW.reservation_id IS NOT NULL; RETURN NEW; END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "cars_reserved" BEFORE INSERT OR UPDATE ON "cars" FOR EACH ROW EXECUTE FUNCTION cars_reserved()`,
    );
    await queryRunner.query(`ALTER TABLE "lead_outbox" DROP CONSTRAINT "ck_lead_outbox_channel"`);
    await queryRunner.query(
      `ALTER TABLE "lead_outbox" ADD CONSTRAINT "ck_lead_outbox_channel" CHECK (channel IN ('crm', 'email', 'shopper_email'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "lead_outbox" WHERE channel = 'shopper_email'`);
    await queryRunner.query(`ALTER TABLE "lead_outbox" DROP CONSTRAINT "ck_lead_outbox_channel"`);
    await queryRunner.query(
      `ALTER TABLE "lead_outbox" ADD CONSTRAINT "ck_lead_outbox_channel" CHECK (channel IN ('crm', 'email'))`,
    );
    await queryRunner.query(`DROP TRIGGER "cars_reserved" ON "cars"`);
    await queryRunner.query(`DROP FUNCTION "cars_reserved"()`);
    await queryRunner.query(`UPDATE "cars" SET "reserved" = "feed_reserved"`);
    await queryRunner.query(`ALTER TABLE "cars" DROP COLUMN "reservation_id"`);
    await queryRunner.query(`ALTER TABLE "cars" DROP COLUMN "feed_reserved"`);
    await queryRunner.query(`DROP TABLE "local_payments"`);
    await queryRunner.query(`DROP TABLE "payment_events"`);
    await queryRunner.query(`DROP TABLE "online_payments"`);
    await queryRunner.query(`DROP TABLE "reservations"`);
  }
}
