import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inbox's saved views and bulk changes (issue 53 item 4).
 *
 * `saved_lead_views`: a user's own named filters, private to them (names unique per user whatever
 * their case; the api keeps at most 20).
 *
 * `lead_bulk_batches` and `lead_bulk_changes`: one bulk assign or close, and what it did to each
 * lead (the state before and after, and whether it recorded the lead's first response), so the
 * person who made it can undo it for a few minutes: a lead goes back only if nobody acted on it
 * since. Rows are kept as the record of what was done; the audit log names the batch too.
 */
export class SavedLeadViews1768200000000 implements MigrationInterface {
  name = 'SavedLeadViews1768200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "saved_lead_views" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
         "user_id" uuid NOT NULL REFERENCES "dealer_users" ("id") ON DELETE CASCADE,
         "name" text NOT NULL CONSTRAINT "ck_saved_lead_views_name" CHECK (char_length("name") BETWEEN 1 AND 60),
         "filters" jsonb NOT NULL DEFAULT '{}',
         "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
       )`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_saved_lead_views_name" ON "saved_lead_views" ("user_id", lower("name"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "lead_bulk_batches" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
         "user_id" uuid NOT NULL REFERENCES "dealer_users" ("id") ON DELETE CASCADE,
         "action" text NOT NULL CONSTRAINT "ck_lead_bulk_batches_action" CHECK ("action" IN ('assign', 'close')),
         "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "undone_at" TIMESTAMP WITH TIME ZONE
       )`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_lead_bulk_batches_user" ON "lead_bulk_batches" ("user_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "lead_bulk_changes" (
         "batch_id" uuid NOT NULL REFERENCES "lead_bulk_batches" ("id") ON DELETE CASCADE,
         "lead_id" uuid NOT NULL REFERENCES "leads" ("id") ON DELETE CASCADE,
         "dealership_id" integer NOT NULL REFERENCES "dealerships" ("id") ON DELETE CASCADE,
         "before" jsonb NOT NULL,
         "after" jsonb NOT NULL,
         "recorded_first_response" boolean NOT NULL DEFAULT false,
         "restored_at" TIMESTAMP WITH TIME ZONE,
         CONSTRAINT "pk_lead_bulk_changes" PRIMARY KEY ("batch_id", "lead_id")
       )`,
    );
    await queryRunner.query(`CREATE INDEX "ix_lead_bulk_changes_lead" ON "lead_bulk_changes" ("lead_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lead_bulk_changes"`);
    await queryRunner.query(`DROP TABLE "lead_bulk_batches"`);
    await queryRunner.query(`DROP TABLE "saved_lead_views"`);
  }
}
