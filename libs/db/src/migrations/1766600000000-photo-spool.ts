import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 50: photos fetched from a dealer's host whose bytes the media store could not take (a full
 * disk, S3 failing) wait in photo_spool, so they are stored once the store is back without asking
 * the dealer's host again; the row goes with its photo.
 */
export class PhotoSpool1766600000000 implements MigrationInterface {
  name = 'PhotoSpool1766600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "photo_spool" ("photo_id" integer NOT NULL, "bytes" bytea NOT NULL, "etag" text, "last_modified" text, "eager" boolean NOT NULL DEFAULT false, "failure" text NOT NULL, "spooled_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_86db265580741d83b38965e0d3b" PRIMARY KEY ("photo_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "photo_spool" ADD CONSTRAINT "FK_86db265580741d83b38965e0d3b" FOREIGN KEY ("photo_id") REFERENCES "photos"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "photo_spool" DROP CONSTRAINT "FK_86db265580741d83b38965e0d3b"`);
    await queryRunner.query(`DROP TABLE "photo_spool"`);
  }
}
