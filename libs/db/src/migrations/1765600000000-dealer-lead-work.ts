import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dealer console's work on leads (issue 40): a lead's status (new, contacted, won, lost with a
 * reason) and the user it is assigned to, private notes, and an audit log that says who did what to
 * which subject (a lead's status history is read from it): the audit log of the dealer accounts
 * migration gains the acting user and the subject (its time stays `created_at`, which the owners'
 * audit log view reads).
 */
export class DealerLeadWork1765600000000 implements MigrationInterface {
  name = 'DealerLeadWork1765600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leads" ADD "status" text NOT NULL DEFAULT 'new'`);
    await queryRunner.query(`ALTER TABLE "leads" ADD "lost_reason" text`);
    await queryRunner.query(`ALTER TABLE "leads" ADD "status_changed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "leads" ADD "assigned_user_id" uuid`);
    await queryRunner.query(
      `ALTER TABLE "leads" ADD CONSTRAINT "ck_leads_status" CHECK (status IN ('new', 'contacted', 'won', 'lost'))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_leads_dealership_status" ON "leads" ("dealership_id", "status", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "lead_notes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "lead_id" uuid NOT NULL, "author_user_id" uuid, "author_name" text NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_lead_notes_body" CHECK (char_length(body) BETWEEN 1 AND 2000), CONSTRAINT "PK_lead_notes" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_lead_notes_lead" ON "lead_notes" ("lead_id", "created_at") `);
    await queryRunner.query(
      `ALTER TABLE "lead_notes" ADD CONSTRAINT "FK_724573b69882525ab16b174101d" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "dealer_audit_log" ADD "user_id" uuid REFERENCES "dealer_users" ("id") ON DELETE SET NULL`,
    );
    await queryRunner.query(`ALTER TABLE "dealer_audit_log" ADD "subject_type" text`);
    await queryRunner.query(`ALTER TABLE "dealer_audit_log" ADD "subject_id" text`);
    await queryRunner.query(
      `CREATE INDEX "ix_dealer_audit_log_subject" ON "dealer_audit_log" ("subject_type", "subject_id", "created_at")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_dealer_audit_log_subject"`);
    await queryRunner.query(`ALTER TABLE "dealer_audit_log" DROP COLUMN "subject_id"`);
    await queryRunner.query(`ALTER TABLE "dealer_audit_log" DROP COLUMN "subject_type"`);
    await queryRunner.query(`ALTER TABLE "dealer_audit_log" DROP COLUMN "user_id"`);
    await queryRunner.query(`DROP TABLE "lead_notes"`);
    await queryRunner.query(`DROP INDEX "public"."ix_leads_dealership_status"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP CONSTRAINT "ck_leads_status"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "assigned_user_id"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "status_changed_at"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "lost_reason"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "status"`);
  }
}
