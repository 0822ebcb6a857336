import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dealer photos held by the platform (issue 38): one row per photo address per dealership, with its
 * host's validators for conditional fetches, the content hash of the stored bytes (shared rows, one
 * stored copy), its size, the variants made so far, and why it was refused if it was.
 */
export class Photos1765200000000 implements MigrationInterface {
  name = 'Photos1765200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "photos" ("id" SERIAL NOT NULL, "dealership_id" integer NOT NULL, "source_url" text NOT NULL, "status" text NOT NULL DEFAULT 'pending', "etag" text, "last_modified" text, "content_hash" text, "format" text, "width" integer, "height" integer, "byte_size" integer, "variants" text array NOT NULL DEFAULT '{}', "refusal_reason" text, "refusal_message" text, "checked_at" TIMESTAMP WITH TIME ZONE, "fetched_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_photos_content_hash" CHECK (content_hash IS NULL OR content_hash ~ '^[0-9a-f]{64}$'), CONSTRAINT "ck_photos_status" CHECK (status IN ('pending', 'stored', 'refused', 'unreachable')), CONSTRAINT "PK_5220c45b8e32d49d767b9b3d725" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_photos_content_hash" ON "photos" ("content_hash")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_photos_dealership_address" ON "photos" ("dealership_id", "source_url")`,
    );
    await queryRunner.query(
      `ALTER TABLE "photos" ADD CONSTRAINT "FK_9067891cb6d947b1b74f16eae8f" FOREIGN KEY ("dealership_id") REFERENCES "dealerships"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "photos" DROP CONSTRAINT "FK_9067891cb6d947b1b74f16eae8f"`);
    await queryRunner.query(`DROP INDEX "public"."uq_photos_dealership_address"`);
    await queryRunner.query(`DROP INDEX "public"."ix_photos_content_hash"`);
    await queryRunner.query(`DROP TABLE "photos"`);
  }
}
