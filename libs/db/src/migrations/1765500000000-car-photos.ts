import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Photo ingest from the feed (issue 38): which photo addresses each car carries (car_photos, with
 * the feed run and row to warn), the outbox of photo checks owed (photo_fetches, relayed onto the
 * media queue), and when a photo was last linked (for the lifecycle's retention window).
 */
export class CarPhotos1765500000000 implements MigrationInterface {
  name = 'CarPhotos1765500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "car_photos" ("car_id" integer NOT NULL, "photo_id" integer NOT NULL, "field" text NOT NULL, "position" integer NOT NULL, "eager" boolean NOT NULL DEFAULT false, "feed_run_id" uuid, "row" integer, "warned_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3dec8faae181c020cb2b796851e" PRIMARY KEY ("car_id", "photo_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_car_photos_photo" ON "car_photos" ("photo_id") `);
    await queryRunner.query(
      `CREATE TABLE "photo_fetches" ("id" BIGSERIAL NOT NULL, "photo_id" integer NOT NULL, "eager" boolean NOT NULL DEFAULT false, "force" boolean NOT NULL DEFAULT false, "job_key" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_328c490da25d3e478e44a50679a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`ALTER TABLE "photos" ADD "last_linked_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "car_photos" ADD CONSTRAINT "FK_31c1aa8f4f15bc8bcb76a15c1b1" FOREIGN KEY ("car_id") REFERENCES "cars"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "car_photos" ADD CONSTRAINT "FK_50e88240e9e387e0341449ab40b" FOREIGN KEY ("photo_id") REFERENCES "photos"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "car_photos" ADD CONSTRAINT "FK_22ed4d2f1faac2bc3dbfdb3b874" FOREIGN KEY ("feed_run_id") REFERENCES "feed_runs"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "photo_fetches" ADD CONSTRAINT "FK_9839d4e6ed2710e05f8b51822a8" FOREIGN KEY ("photo_id") REFERENCES "photos"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "photo_fetches" DROP CONSTRAINT "FK_9839d4e6ed2710e05f8b51822a8"`);
    await queryRunner.query(`ALTER TABLE "car_photos" DROP CONSTRAINT "FK_22ed4d2f1faac2bc3dbfdb3b874"`);
    await queryRunner.query(`ALTER TABLE "car_photos" DROP CONSTRAINT "FK_50e88240e9e387e0341449ab40b"`);
    await queryRunner.query(`ALTER TABLE "car_photos" DROP CONSTRAINT "FK_31c1aa8f4f15bc8bcb76a15c1b1"`);
    await queryRunner.query(`ALTER TABLE "photos" DROP COLUMN "last_linked_at"`);
    await queryRunner.query(`DROP TABLE "photo_fetches"`);
    await queryRunner.query(`DROP INDEX "public"."ix_car_photos_photo"`);
    await queryRunner.query(`DROP TABLE "car_photos"`);
  }
}
