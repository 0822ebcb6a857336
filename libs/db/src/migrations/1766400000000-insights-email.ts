import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The weekly stock insights email (issue 41): the dealer users who unsubscribed from it, and one
 * sent-marker per dealership and week so the week's email goes out once.
 */
export class InsightsEmail1766400000000 implements MigrationInterface {
  name = 'InsightsEmail1766400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "dealer_insights_email_opt_outs" ("user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_823fce98e22a7cd371f292fbc17" PRIMARY KEY ("user_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "dealer_insights_emails" ("dealership_id" integer NOT NULL, "week" date NOT NULL, "recipients" integer NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6c5f211290b798c3c33516947e1" PRIMARY KEY ("dealership_id", "week"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "dealer_insights_emails"`);
    await queryRunner.query(`DROP TABLE "dealer_insights_email_opt_outs"`);
  }
}
