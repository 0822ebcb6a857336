import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Follow-up on a lead (issue 53 item 6). A task is something a salesperson promised the shopper (a
 * call back, a test drive, finance documents), due at a time, with a reminder to its person
 * (`assigned_user_id`: the lead's assignee when it was written, else whoever wrote it) at
 * `remind_at`, which the lead desk sweep takes once (`reminded_at`) and tells through
 * `lead_desk_notices` (kind `task_due`, naming the task). A task ends done or cancelled, never
 * both; neither is deleted, so the lead's history still reads them.
 *
 * The people columns name dealer users without a foreign key, as leads.assigned_user_id does (a
 * removed user reads as no one). `dealership_id` is the lead's, kept on the task so the salesperson's
 * task list filters by their dealerships without reading every lead.
 *
 * A lead with a test drive booked has the status `appointment` ("Test drive booked").
 */
export class LeadTasks1767900000000 implements MigrationInterface {
  name = 'LeadTasks1767900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "leads" DROP CONSTRAINT "ck_leads_status",
         ADD CONSTRAINT "ck_leads_status" CHECK (status IN ('new', 'contacted', 'appointment', 'won', 'lost'))`,
    );
    await queryRunner.query(
      `CREATE TABLE "lead_tasks" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "lead_id" uuid NOT NULL,
         "dealership_id" integer NOT NULL,
         "kind" text NOT NULL,
         "title" text,
         "due_at" TIMESTAMP WITH TIME ZONE NOT NULL,
         "remind_at" TIMESTAMP WITH TIME ZONE,
         "assigned_user_id" uuid,
         "created_by" uuid,
         "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "done_at" TIMESTAMP WITH TIME ZONE,
         "done_by" uuid,
         "cancelled_at" TIMESTAMP WITH TIME ZONE,
         "reminded_at" TIMESTAMP WITH TIME ZONE,
         CONSTRAINT "ck_lead_tasks_kind" CHECK (kind IN ('call_back', 'test_drive', 'finance_docs', 'other')),
         CONSTRAINT "ck_lead_tasks_title" CHECK (char_length(title) BETWEEN 1 AND 200),
         CONSTRAINT "ck_lead_tasks_closed_once" CHECK (done_at IS NULL OR cancelled_at IS NULL),
         CONSTRAINT "PK_lead_tasks" PRIMARY KEY ("id"),
         CONSTRAINT "FK_lead_tasks_lead" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE,
         CONSTRAINT "FK_lead_tasks_dealership" FOREIGN KEY ("dealership_id") REFERENCES "dealerships"("id") ON DELETE CASCADE
       )`,
    );
    // The sweep's question: reminders due and not yet taken, of tasks still open.
    await queryRunner.query(
      `CREATE INDEX "ix_lead_tasks_remind_due" ON "lead_tasks" ("remind_at") WHERE reminded_at IS NULL AND done_at IS NULL AND cancelled_at IS NULL`,
    );
    // A lead's tasks on its page, soonest due first.
    await queryRunner.query(`CREATE INDEX "ix_lead_tasks_lead" ON "lead_tasks" ("lead_id", "due_at")`);
    // The task list and the navigation's count: a dealership's open tasks by due time.
    await queryRunner.query(
      `CREATE INDEX "ix_lead_tasks_dealership_open" ON "lead_tasks" ("dealership_id", "due_at") WHERE done_at IS NULL AND cancelled_at IS NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_desk_notices" ADD "task_id" uuid REFERENCES "lead_tasks" ("id") ON DELETE CASCADE`,
    );
    await queryRunner.query(`ALTER TABLE "lead_desk_notices" DROP CONSTRAINT "lead_desk_notices_kind_check"`);
    await queryRunner.query(
      `ALTER TABLE "lead_desk_notices" ADD CONSTRAINT "ck_lead_desk_notices_kind"
         CHECK ("kind" IN ('assigned', 'unassigned', 'overdue', 'escalated', 'reassigned', 'task_due'))`,
    );
    // A reminder always names its task; no other notice does.
    await queryRunner.query(
      `ALTER TABLE "lead_desk_notices" ADD CONSTRAINT "ck_lead_desk_notices_task" CHECK (("kind" = 'task_due') = ("task_id" IS NOT NULL))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "lead_desk_notices" WHERE "kind" = 'task_due'`);
    await queryRunner.query(
      `ALTER TABLE "lead_desk_notices" DROP CONSTRAINT "ck_lead_desk_notices_task", DROP CONSTRAINT "ck_lead_desk_notices_kind",
         DROP COLUMN "task_id"`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_desk_notices" ADD CONSTRAINT "lead_desk_notices_kind_check"
         CHECK ("kind" IN ('assigned', 'unassigned', 'overdue', 'escalated', 'reassigned'))`,
    );
    await queryRunner.query(`DROP TABLE "lead_tasks"`);
    await queryRunner.query(`UPDATE "leads" SET "status" = 'contacted' WHERE "status" = 'appointment'`);
    await queryRunner.query(
      `ALTER TABLE "leads" DROP CONSTRAINT "ck_leads_status",
         ADD CONSTRAINT "ck_leads_status" CHECK (status IN ('new', 'contacted', 'won', 'lost'))`,
    );
  }
}
