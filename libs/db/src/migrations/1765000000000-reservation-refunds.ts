import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds that happen exactly once (issue 35): a reservation records why its deposit goes back and
 * each attempt at the provider (the next attempt's time doubles as the claim that keeps two sweeps
 * from calling the provider together), and checks keep a deposit either kept on a paid reservation
 * or refunded, never both. The built-in local provider records its refunds, one per idempotency
 * key, and never refunds more than was paid.
 *
 * Holds that expired before this kept their deposits. Moving money is not a migration's job: they
 * are flagged for ops, who refund them (POST /api/ops/reservations/{id}/refund).
 */
export class ReservationRefunds1765000000000 implements MigrationInterface {
  name = 'ReservationRefunds1765000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "local_refunds" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "payment_id" uuid NOT NULL, "idempotency_key" text NOT NULL, "amount_cents" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_local_refunds_amount" CHECK (amount_cents > 0), CONSTRAINT "PK_e65b7db2e5bc18d27e46b42c9c8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_local_refunds_payment" ON "local_refunds" ("payment_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_local_refunds_idempotency" ON "local_refunds" ("idempotency_key") `,
    );
    await queryRunner.query(`ALTER TABLE "reservations" ADD "refund_reason" text`);
    await queryRunner.query(`ALTER TABLE "reservations" ADD "refund_attempts" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "reservations" ADD "refund_next_attempt_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "reservations" ADD "refund_error" text`);
    await queryRunner.query(`ALTER TABLE "reservations" ADD "refunded_at" TIMESTAMP WITH TIME ZONE`);
    // Reasons for refunds made before reasons were kept, from the status and the flag that was written.
    await queryRunner.query(
      `UPDATE "reservations" SET "refund_reason" = CASE
         WHEN status = 'cancelled' THEN 'cancelled'
         WHEN ops_flag LIKE 'The car was sold or withdrawn%' THEN 'car_unavailable'
         ELSE 'paid_after_hold_ended' END,
       "refunded_at" = CASE WHEN refund_ref IS NOT NULL THEN updated_at END
       WHERE refund_due OR refund_ref IS NOT NULL`,
    );
    await queryRunner.query(
      `UPDATE "reservations" SET "ops_flag" = 'The hold expired before expired holds were refunded automatically, so the deposit was kept. The reservation terms promise a refund: refund it (POST /api/ops/reservations/{id}/refund).'
       WHERE status = 'expired' AND held_at IS NOT NULL AND NOT refund_due AND refund_ref IS NULL`,
    );
    await queryRunner.query(
      `INSERT INTO "local_refunds" ("payment_id", "idempotency_key", "amount_cents")
       SELECT id, 'migrated-' || id, refunded_cents FROM "local_payments" WHERE refunded_cents > 0`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_reservations_refunds_due" ON "reservations" ("refund_next_attempt_at") WHERE refund_due`,
    );
    await queryRunner.query(
      `ALTER TABLE "reservations" ADD CONSTRAINT "ck_reservations_refund_attempts" CHECK (refund_attempts >= 0)`,
    );
    await queryRunner.query(
      `ALTER TABLE "reservations" ADD CONSTRAINT "ck_reservations_kept_or_refunded" CHECK (status NOT IN ('held', 'completed') OR (NOT refund_due AND refund_ref IS NULL))`,
    );
    await queryRunner.query(
      `ALTER TABLE "reservations" ADD CONSTRAINT "ck_reservations_refund_once" CHECK (NOT (refund_due AND refund_ref IS NOT NULL))`,
    );
    await queryRunner.query(
      `ALTER TABLE "reservations" ADD CONSTRAINT "ck_reservations_refund_reason" CHECK (refund_reason IS NULL OR refund_reason IN ('hold_expired', 'paid_after_hold_ended', 'car_unavailable', 'cancelled'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "local_payments" ADD CONSTRAINT "ck_local_payments_refunded" CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents)`,
    );
    await queryRunner.query(
      `ALTER TABLE "local_payments" ADD CONSTRAINT "ck_local_payments_amount" CHECK (amount_cents > 0)`,
    );
    await queryRunner.query(
      `ALTER TABLE "local_refunds" ADD CONSTRAINT "FK_bef213c6135f88b189412eae747" FOREIGN KEY ("payment_id") REFERENCES "local_payments"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "local_refunds" DROP CONSTRAINT "FK_bef213c6135f88b189412eae747"`);
    await queryRunner.query(`ALTER TABLE "local_payments" DROP CONSTRAINT "ck_local_payments_amount"`);
    await queryRunner.query(`ALTER TABLE "local_payments" DROP CONSTRAINT "ck_local_payments_refunded"`);
    await queryRunner.query(`ALTER TABLE "reservations" DROP CONSTRAINT "ck_reservations_refund_reason"`);
    await queryRunner.query(`ALTER TABLE "reservations" DROP CONSTRAINT "ck_reservations_refund_once"`);
    await queryRunner.query(`ALTER TABLE "reservations" DROP CONSTRAINT "ck_reservations_kept_or_refunded"`);
    await queryRunner.query(`ALTER TABLE "reservations" DROP CONSTRAINT "ck_reservations_refund_attempts"`);
    await queryRunner.query(`DROP INDEX "public"."ix_reservations_refunds_due"`);
    await queryRunner.query(`ALTER TABLE "reservations" DROP COLUMN "refunded_at"`);
    await queryRunner.query(`ALTER TABLE "reservations" DROP COLUMN "refund_error"`);
    await queryRunner.query(`ALTER TABLE "reservations" DROP COLUMN "refund_next_attempt_at"`);
    await queryRunner.query(`ALTER TABLE "reservations" DROP COLUMN "refund_attempts"`);
    await queryRunner.query(`ALTER TABLE "reservations" DROP COLUMN "refund_reason"`);
    await queryRunner.query(`DROP INDEX "public"."ux_local_refunds_idempotency"`);
    await queryRunner.query(`DROP INDEX "public"."ix_local_refunds_payment"`);
    await queryRunner.query(`DROP TABLE "local_refunds"`);
  }
}
