import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Replies to a shopper from the dealer console, and the automatic acknowledgement (issue 53 item 7).
 * A row is the outbox of one message: written in the transaction that answers the lead (so the
 * first-response clock stops with it) and sent by the worker, which renders an acknowledgement's
 * text at send time (the car's link needs the site's address) and records what went. The row stays
 * as the timeline's record of what the shopper was sent, by whom. A reply may carry the console's
 * idempotency key, so a double click or a retried request sends one message.
 */
export class LeadReplies1768000000000 implements MigrationInterface {
  name = 'LeadReplies1768000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "lead_replies" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
         "lead_id" uuid NOT NULL REFERENCES "leads" ("id") ON DELETE CASCADE,
         "kind" text NOT NULL CONSTRAINT "ck_lead_replies_kind" CHECK ("kind" IN ('reply', 'acknowledgement')),
         "channel" text NOT NULL CONSTRAINT "ck_lead_replies_channel" CHECK ("channel" IN ('email', 'sms')),
         "user_id" uuid,
         "author_name" text NOT NULL,
         "template_key" text,
         "recipient" text NOT NULL,
         "subject" text,
         "body" text,
         "idempotency_key" text,
         "status" text NOT NULL DEFAULT 'pending'
           CONSTRAINT "ck_lead_replies_status" CHECK ("status" IN ('pending', 'sent', 'skipped', 'dead')),
         "attempts" integer NOT NULL DEFAULT 0,
         "last_error" text,
         "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "sent_at" TIMESTAMP WITH TIME ZONE,
         -- A person's reply is written whole; only an acknowledgement waits for its text until sent.
         CONSTRAINT "ck_lead_replies_body" CHECK ("body" IS NOT NULL OR ("kind" = 'acknowledgement' AND "status" <> 'sent')),
         CONSTRAINT "ck_lead_replies_subject" CHECK ("channel" = 'sms' OR "subject" IS NOT NULL OR "body" IS NULL),
         CONSTRAINT "uq_lead_replies_idempotency" UNIQUE ("lead_id", "idempotency_key")
       )`,
    );
    await queryRunner.query(`CREATE INDEX "ix_lead_replies_lead" ON "lead_replies" ("lead_id", "created_at")`);
    await queryRunner.query(
      `CREATE INDEX "ix_lead_replies_pending" ON "lead_replies" ("created_at") WHERE "status" = 'pending'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lead_replies"`);
  }
}
