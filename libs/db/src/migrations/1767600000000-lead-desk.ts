import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lead desk (issue 53). A lead's first-response clock: when it is due (its dealership's target
 * in sales opening hours), when and how a person first responded (a status change from New, a
 * logged call, a reply), when it was assigned and how far it has been escalated (0 none, 1 the
 * assignee told it is overdue, 2 the owners told, 3 moved on or finished). Leads from before the
 * desk get no clock (no due time: never overdue, never in the queue ahead of today's leads) and are
 * finished (level 3), so the first sweep mails nobody about history; those already worked count
 * their status change as the first response.
 *
 * `first_response_by` names a dealer user without a foreign key, as `assigned_user_id` does (dealer
 * users have no entity; a removed user reads as no one).
 *
 * Memberships say whether the user is taking leads (round-robin skips one who is not: on leave, off
 * shift) and when they were last given one (the rotation's order). Users choose how they are told
 * (email, and SMS to a mobile number they consented with) and their quiet hours. Desk notices are
 * the outbox of those messages: one row per message, recipients by user id, sent by the worker.
 */
export class LeadDesk1767600000000 implements MigrationInterface {
  name = 'LeadDesk1767600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "leads"
         ADD "response_due_at" TIMESTAMP WITH TIME ZONE,
         ADD "first_response_at" TIMESTAMP WITH TIME ZONE,
         ADD "first_response_by" uuid,
         ADD "first_response_kind" text,
         ADD "assigned_at" TIMESTAMP WITH TIME ZONE,
         ADD "escalation_level" smallint NOT NULL DEFAULT '0'`,
    );
    await queryRunner.query(
      `ALTER TABLE "leads" ADD CONSTRAINT "ck_leads_first_response_kind" CHECK (first_response_kind IN ('status', 'call', 'reply', 'reservation'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "leads" ADD CONSTRAINT "ck_leads_escalation_level" CHECK (escalation_level BETWEEN 0 AND 3)`,
    );
    await queryRunner.query(
      `UPDATE "leads" SET "first_response_at" = coalesce("status_changed_at", "created_at"), "first_response_kind" = 'status'
       WHERE "status" <> 'new'`,
    );
    await queryRunner.query(
      `UPDATE "leads" SET "escalation_level" = 3,
         "assigned_at" = CASE WHEN "assigned_user_id" IS NOT NULL THEN "created_at" END`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_leads_desk_open" ON "leads" ("response_due_at") WHERE first_response_at IS NULL AND escalation_level < 3`,
    );
    await queryRunner.query(
      `ALTER TABLE "dealer_memberships"
         ADD "takes_leads" boolean NOT NULL DEFAULT true,
         ADD "last_assigned_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `ALTER TABLE "dealer_users"
         ADD "notify_email" boolean NOT NULL DEFAULT true,
         ADD "notify_sms" boolean NOT NULL DEFAULT false,
         ADD "mobile" text CHECK ("mobile" ~ '^\\+614[0-9]{8}$'),
         ADD "quiet_start" text CHECK ("quiet_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
         ADD "quiet_end" text CHECK ("quiet_end" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
         ADD CONSTRAINT "ck_dealer_users_sms_needs_mobile" CHECK (NOT "notify_sms" OR "mobile" IS NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "lead_desk_notices" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
         "lead_id" uuid NOT NULL REFERENCES "leads" ("id") ON DELETE CASCADE,
         "kind" text NOT NULL CHECK ("kind" IN ('assigned', 'unassigned', 'overdue', 'escalated', 'reassigned')),
         "user_ids" uuid[] NOT NULL,
         "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'sent', 'skipped', 'dead')),
         "attempts" integer NOT NULL DEFAULT 0,
         "last_error" text,
         "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "sent_at" TIMESTAMP WITH TIME ZONE
       )`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_lead_desk_notices_pending" ON "lead_desk_notices" ("created_at") WHERE "status" = 'pending'`,
    );
    await queryRunner.query(`CREATE INDEX "ix_lead_desk_notices_lead" ON "lead_desk_notices" ("lead_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lead_desk_notices"`);
    await queryRunner.query(
      `ALTER TABLE "dealer_users" DROP CONSTRAINT "ck_dealer_users_sms_needs_mobile", DROP COLUMN "notify_email",
         DROP COLUMN "notify_sms", DROP COLUMN "mobile", DROP COLUMN "quiet_start", DROP COLUMN "quiet_end"`,
    );
    await queryRunner.query(
      `ALTER TABLE "dealer_memberships" DROP COLUMN "takes_leads", DROP COLUMN "last_assigned_at"`,
    );
    await queryRunner.query(`DROP INDEX "public"."ix_leads_desk_open"`);
    await queryRunner.query(
      `ALTER TABLE "leads" DROP CONSTRAINT "ck_leads_first_response_kind", DROP CONSTRAINT "ck_leads_escalation_level"`,
    );
    await queryRunner.query(
      `ALTER TABLE "leads" DROP COLUMN "response_due_at", DROP COLUMN "first_response_at", DROP COLUMN "first_response_by",
         DROP COLUMN "first_response_kind", DROP COLUMN "assigned_at", DROP COLUMN "escalation_level"`,
    );
  }
}
