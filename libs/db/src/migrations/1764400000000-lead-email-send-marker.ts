import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A lead email delivery records that its message was accepted, so a retry never sends it again. */
export class LeadEmailSendMarker1764400000000 implements MigrationInterface {
  name = 'LeadEmailSendMarker1764400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lead_outbox" ADD "email_sent_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "lead_outbox" ADD "email_message_id" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lead_outbox" DROP COLUMN "email_message_id"`);
    await queryRunner.query(`ALTER TABLE "lead_outbox" DROP COLUMN "email_sent_at"`);
  }
}
