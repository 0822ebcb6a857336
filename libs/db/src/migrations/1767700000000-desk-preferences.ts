import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A dealer user's own desk preferences (issue 53 item 2): when they agreed to be texted. Texts
 * about leads are commercial-adjacent messages to a personal phone, so the platform keeps when the
 * user said yes; turning SMS off withdraws it, and SMS cannot be on without it. Nobody could turn
 * SMS on before this (no endpoint set it), so no stored row is on without consent; the update
 * makes that certain before the check is added.
 */
export class DeskPreferences1767700000000 implements MigrationInterface {
  name = 'DeskPreferences1767700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "dealer_users" ADD "sms_consent_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "dealer_users" SET "notify_sms" = false WHERE "notify_sms"`);
    await queryRunner.query(
      `ALTER TABLE "dealer_users"
         ADD CONSTRAINT "ck_dealer_users_sms_needs_consent" CHECK (NOT "notify_sms" OR "sms_consent_at" IS NOT NULL)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "dealer_users" DROP CONSTRAINT "ck_dealer_users_sms_needs_consent", DROP COLUMN "sms_consent_at"`,
    );
  }
}
