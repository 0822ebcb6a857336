import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Leads and what hangs off them: the lead rows with their delivery outbox (written in one
 * transaction), the development CRM and mail tables, trade-in valuations and analytics events.
 */
export class Leads1764000000000 implements MigrationInterface {
  name = 'Leads1764000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "analytics_events" ("id" BIGSERIAL NOT NULL, "site_id" integer NOT NULL, "event_id" integer NOT NULL, "car_id" integer, "path" text, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_5d643d67a09b55653e98616f421" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_analytics_events_site_event_time" ON "analytics_events" ("site_id", "event_id", "occurred_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "crm_deliveries" ("delivery_id" uuid NOT NULL, "lead_id" uuid NOT NULL, "dealership_id" integer, "payload" jsonb NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_815e3270bbbd7a335fdea90f471" PRIMARY KEY ("delivery_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_crm_deliveries_received" ON "crm_deliveries" ("received_at")`);
    await queryRunner.query(
      `CREATE TABLE "lead_outbox" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "lead_id" uuid NOT NULL, "channel" text NOT NULL, "status" text NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "last_error" text, "target" text, "queued_at" TIMESTAMP WITH TIME ZONE, "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_lead_outbox_lead_channel" UNIQUE ("lead_id", "channel"), CONSTRAINT "ck_lead_outbox_status" CHECK (status IN ('pending', 'queued', 'delivered', 'dead')), CONSTRAINT "ck_lead_outbox_channel" CHECK (channel IN ('crm', 'email')), CONSTRAINT "PK_f08ff58c11654a6592591d9edf9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_lead_outbox_status_updated" ON "lead_outbox" ("status", "updated_at")`);
    await queryRunner.query(
      `CREATE INDEX "ix_lead_outbox_pending" ON "lead_outbox" ("created_at") WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE TABLE "leads" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "site_id" integer NOT NULL, "dealership_id" integer, "location_id" integer, "car_id" integer, "form" text NOT NULL, "category" text NOT NULL, "subcategory" text, "fields" jsonb NOT NULL, "user_data" jsonb NOT NULL, "miscellaneous" jsonb NOT NULL DEFAULT '{}', "valuation_id" uuid, "idempotency_key" text, "request_hash" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cd102ed7a9a4ca7d4d8bfeba406" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_leads_idempotency" ON "leads" ("site_id", "idempotency_key") WHERE idempotency_key IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "ix_leads_dealership_created" ON "leads" ("dealership_id", "created_at")`);
    await queryRunner.query(`CREATE INDEX "ix_leads_site_created" ON "leads" ("site_id", "created_at")`);
    await queryRunner.query(
      `CREATE TABLE "outbound_emails" ("delivery_id" uuid NOT NULL, "lead_id" uuid NOT NULL, "recipients" text array NOT NULL, "subject" text NOT NULL, "raw" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1b29c7b3daa038d4c8267abe010" PRIMARY KEY ("delivery_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "valuations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "site_id" integer NOT NULL, "vehicle" jsonb NOT NULL, "status" text NOT NULL, "low" integer, "high" integer, "comparables" integer NOT NULL, "reason" text, "valid_until" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_valuations_status" CHECK (status IN ('estimate', 'no_estimate')), CONSTRAINT "PK_f7d29c688fe21ae296643cf8c3b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_valuations_site_created" ON "valuations" ("site_id", "created_at")`);
    await queryRunner.query(
      `ALTER TABLE "lead_outbox" ADD CONSTRAINT "FK_3cdbfc2ebcc54da3fa332a895c6" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "leads" ADD CONSTRAINT "FK_94ebd4ae84155375c7f39058bd6" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "leads" ADD CONSTRAINT "FK_909c940068c2c098af9b3034a3c" FOREIGN KEY ("dealership_id") REFERENCES "dealerships"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "leads" ADD CONSTRAINT "FK_9acb607874f2edbf24599f25086" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "leads" ADD CONSTRAINT "FK_e4ca27559d6f93bd574319c8bd9" FOREIGN KEY ("car_id") REFERENCES "cars"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "leads" ADD CONSTRAINT "FK_79a97df8cb77098c8cba62f2c56" FOREIGN KEY ("valuation_id") REFERENCES "valuations"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leads" DROP CONSTRAINT "FK_79a97df8cb77098c8cba62f2c56"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP CONSTRAINT "FK_e4ca27559d6f93bd574319c8bd9"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP CONSTRAINT "FK_9acb607874f2edbf24599f25086"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP CONSTRAINT "FK_909c940068c2c098af9b3034a3c"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP CONSTRAINT "FK_94ebd4ae84155375c7f39058bd6"`);
    await queryRunner.query(`ALTER TABLE "lead_outbox" DROP CONSTRAINT "FK_3cdbfc2ebcc54da3fa332a895c6"`);
    await queryRunner.query(`DROP INDEX "public"."ix_valuations_site_created"`);
    await queryRunner.query(`DROP TABLE "valuations"`);
    await queryRunner.query(`DROP TABLE "outbound_emails"`);
    await queryRunner.query(`DROP INDEX "public"."ix_leads_site_created"`);
    await queryRunner.query(`DROP INDEX "public"."ix_leads_dealership_created"`);
    await queryRunner.query(`DROP INDEX "public"."ux_leads_idempotency"`);
    await queryRunner.query(`DROP TABLE "leads"`);
    await queryRunner.query(`DROP INDEX "public"."ix_lead_outbox_pending"`);
    await queryRunner.query(`DROP INDEX "public"."ix_lead_outbox_status_updated"`);
    await queryRunner.query(`DROP TABLE "lead_outbox"`);
    await queryRunner.query(`DROP INDEX "public"."ix_crm_deliveries_received"`);
    await queryRunner.query(`DROP TABLE "crm_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."ix_analytics_events_site_event_time"`);
    await queryRunner.query(`DROP TABLE "analytics_events"`);
  }
}
