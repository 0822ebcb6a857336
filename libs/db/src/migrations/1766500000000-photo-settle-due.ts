import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A photo whose stored state changed what its cars draw is marked settle_due in the statement that
 * records it; the media workers settle the marked photos' cars together about once a second (one
 * car_changes row and one updated_at per car, not one per photo). The partial index keeps finding
 * the few marked rows cheap on a table of millions.
 */
export class PhotoSettleDue1766500000000 implements MigrationInterface {
  name = 'PhotoSettleDue1766500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "photos" ADD "settle_due" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`CREATE INDEX "ix_photos_settle_due" ON "photos" ("id") WHERE settle_due`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_photos_settle_due"`);
    await queryRunner.query(`ALTER TABLE "photos" DROP COLUMN "settle_due"`);
  }
}
