import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a desk notice has already sent, per channel and person: a retry after one text failed sends
 * only what is still owed, never the email again to everyone (nor a second text to the people the
 * first attempt reached).
 */
export class DeskNoticeProgress1768100000000 implements MigrationInterface {
  name = 'DeskNoticeProgress1768100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "lead_desk_notices" ADD "email_sent_at" TIMESTAMP WITH TIME ZONE, ADD "sms_sent_to" uuid[] NOT NULL DEFAULT '{}'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lead_desk_notices" DROP COLUMN "email_sent_at", DROP COLUMN "sms_sent_to"`);
  }
}
