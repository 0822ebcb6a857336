import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Feeds syndicated to Google and Meta (issue 42): one row per dealership and channel with what the
 * current file holds and who fetched it, and the file itself as gzip pieces in order, so it is
 * written and read in bounded pieces and replaced in one transaction with its record.
 */
export class SyndicationFeeds1766000000000 implements MigrationInterface {
  name = 'SyndicationFeeds1766000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "syndication_feeds" ("dealership_id" integer NOT NULL, "channel" text NOT NULL, "token_version" integer NOT NULL DEFAULT '1', "generation" integer NOT NULL DEFAULT '0', "generated_at" TIMESTAMP WITH TIME ZONE, "source_changed_at" TIMESTAMP WITH TIME ZONE, "content_hash" text, "byte_size" integer NOT NULL DEFAULT '0', "gzip_size" integer NOT NULL DEFAULT '0', "included" integer NOT NULL DEFAULT '0', "left_out" jsonb NOT NULL DEFAULT '[]', "last_fetched_at" TIMESTAMP WITH TIME ZONE, "last_fetched_by" text, CONSTRAINT "ck_syndication_feeds_channel" CHECK (channel IN ('google', 'meta')), CONSTRAINT "PK_a97e0b82e9549c69f376cfe1311" PRIMARY KEY ("dealership_id", "channel"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "syndication_feed_chunks" ("dealership_id" integer NOT NULL, "channel" text NOT NULL, "generation" integer NOT NULL, "seq" integer NOT NULL, "bytes" bytea NOT NULL, CONSTRAINT "PK_62673e149fa51f8356f4b6762eb" PRIMARY KEY ("dealership_id", "channel", "generation", "seq"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "syndication_feeds" ADD CONSTRAINT "FK_d856eda7f203ebfb26bab318fde" FOREIGN KEY ("dealership_id") REFERENCES "dealerships"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "syndication_feed_chunks" ADD CONSTRAINT "FK_c2dce5ec55eb26e1e2a3c32f0d4" FOREIGN KEY ("dealership_id") REFERENCES "dealerships"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "syndication_feed_chunks" DROP CONSTRAINT "FK_c2dce5ec55eb26e1e2a3c32f0d4"`);
    await queryRunner.query(`ALTER TABLE "syndication_feeds" DROP CONSTRAINT "FK_d856eda7f203ebfb26bab318fde"`);
    await queryRunner.query(`DROP TABLE "syndication_feed_chunks"`);
    await queryRunner.query(`DROP TABLE "syndication_feeds"`);
  }
}
