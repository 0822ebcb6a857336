import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The stock pipeline: feed keys, runs and payloads, the car change outbox and the search projection. */
export class StockPipeline1763800000000 implements MigrationInterface {
  name = 'StockPipeline1763800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "car_changes" ("id" BIGSERIAL NOT NULL, "site_id" integer NOT NULL, "car_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_abbde98945451110d0bcc8331a1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_car_changes_site" ON "car_changes" ("site_id", "id") `);
    await queryRunner.query(
      `CREATE TABLE "feed_keys" ("id" SERIAL NOT NULL, "dealership_id" integer NOT NULL, "key_hash" text NOT NULL, "key_prefix" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_0d7c37f60c9cd0a90ac554445f8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_cdc1a38260e252dc6e989082fb" ON "feed_keys" ("dealership_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_a1a8dc247328455517c327bf39" ON "feed_keys" ("key_hash") `);
    await queryRunner.query(
      `CREATE TABLE "feed_payloads" ("feed_run_id" uuid NOT NULL, "body" bytea NOT NULL, CONSTRAINT "PK_c7f50acd5ab463fd7d8838dc10a" PRIMARY KEY ("feed_run_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "feed_runs" ("id" uuid NOT NULL, "dealership_id" integer NOT NULL, "mode" text NOT NULL, "content_type" text NOT NULL, "payload_bytes" integer NOT NULL, "status" text NOT NULL DEFAULT 'queued', "counts" jsonb NOT NULL, "errors" jsonb NOT NULL DEFAULT '[]', "warnings" jsonb NOT NULL DEFAULT '[]', "rows_applied" integer NOT NULL DEFAULT '0', "detail" text, "confirmed_at" TIMESTAMP WITH TIME ZONE, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "started_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_feed_runs_mode" CHECK (mode IN ('snapshot', 'delta')), CONSTRAINT "ck_feed_runs_status" CHECK (status IN ('queued', 'running', 'held', 'succeeded', 'partial', 'failed')), CONSTRAINT "PK_031d32381cbc720c3331aa6b482" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_feed_runs_dealership_received" ON "feed_runs" ("dealership_id", "received_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "search_documents" ("site_id" integer NOT NULL, "version" integer NOT NULL, "id" integer NOT NULL, "dealership_id" integer NOT NULL, "dealership_slug" text NOT NULL, "stocknum" text NOT NULL, "search_text" text NOT NULL, "price" integer, "km" integer, "year" integer NOT NULL, "subscription_price" integer, "weekly_price" integer, "custom_rank" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "listed_until" TIMESTAMP WITH TIME ZONE, "show_on_dealer_website" boolean NOT NULL, "source_version" bigint NOT NULL, "badge" text, "body" text, "car_type" text, "categories" text array NOT NULL DEFAULT '{}', "certified" text, "city" text, "colour" text, "dealership_name" text, "drive" text, "filtered_features" text array NOT NULL DEFAULT '{}', "fuel" text, "item_type" text, "location_name" text, "make" text, "make_model" text, "model" text, "price_range" text, "seats" text, "state" text, "status" text, "tag" text, "transmission" text, "weekly_price_range" text, "hit" jsonb NOT NULL, CONSTRAINT "PK_b595811248b7056f172374aa2c5" PRIMARY KEY ("site_id", "version", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_search_documents_listed_until" ON "search_documents" ("listed_until") `);
    await queryRunner.query(
      `CREATE INDEX "ix_search_documents_price" ON "search_documents" ("site_id", "version", "price") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_search_documents_created" ON "search_documents" ("site_id", "version", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_search_documents_rank" ON "search_documents" ("site_id", "version", "custom_rank", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "search_index_versions" ("site_id" integer NOT NULL, "version" integer NOT NULL, "state" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_search_index_versions_state" CHECK (state IN ('live', 'building')), CONSTRAINT "PK_1655f22b7a03ac3d601adafee87" PRIMARY KEY ("site_id", "version"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_search_index_versions_live" ON "search_index_versions" ("site_id") WHERE state = 'live'`,
    );
    await queryRunner.query(`ALTER TABLE "cars" ADD "withdrawn_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "cars" ADD "content_hash" text`);
    await queryRunner.query(
      `ALTER TABLE "feed_keys" ADD CONSTRAINT "FK_cdc1a38260e252dc6e989082fba" FOREIGN KEY ("dealership_id") REFERENCES "dealerships"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "feed_payloads" ADD CONSTRAINT "FK_c7f50acd5ab463fd7d8838dc10a" FOREIGN KEY ("feed_run_id") REFERENCES "feed_runs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "feed_runs" ADD CONSTRAINT "FK_c056e72db54ba3ab1c83c230c6e" FOREIGN KEY ("dealership_id") REFERENCES "dealerships"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_search_index_versions_live"`);
    await queryRunner.query(`DROP TABLE "car_changes"`);
    await queryRunner.query(`DROP INDEX "public"."ix_car_changes_site"`);
    await queryRunner.query(`DROP TABLE "feed_keys"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cdc1a38260e252dc6e989082fb"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a1a8dc247328455517c327bf39"`);
    await queryRunner.query(`DROP TABLE "feed_payloads"`);
    await queryRunner.query(`DROP TABLE "feed_runs"`);
    await queryRunner.query(`DROP INDEX "public"."ix_feed_runs_dealership_received"`);
    await queryRunner.query(`DROP TABLE "search_documents"`);
    await queryRunner.query(`DROP INDEX "public"."ix_search_documents_listed_until"`);
    await queryRunner.query(`DROP INDEX "public"."ix_search_documents_price"`);
    await queryRunner.query(`DROP INDEX "public"."ix_search_documents_created"`);
    await queryRunner.query(`DROP INDEX "public"."ix_search_documents_rank"`);
    await queryRunner.query(`DROP TABLE "search_index_versions"`);
    await queryRunner.query(`ALTER TABLE "cars" DROP COLUMN "withdrawn_at"`);
    await queryRunner.query(`ALTER TABLE "cars" DROP COLUMN "content_hash"`);
    await queryRunner.query(`ALTER TABLE "feed_keys" DROP CONSTRAINT "FK_cdc1a38260e252dc6e989082fba"`);
    await queryRunner.query(`ALTER TABLE "feed_payloads" DROP CONSTRAINT "FK_c7f50acd5ab463fd7d8838dc10a"`);
    await queryRunner.query(`ALTER TABLE "feed_runs" DROP CONSTRAINT "FK_c056e72db54ba3ab1c83c230c6e"`);
  }
}
