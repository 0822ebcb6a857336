import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Feed runs say how many errors and warnings their capped lists left out, ops can cancel a run,
 * the sweep counts how often it resumed a stuck run, and the sweep and the ops list find runs by
 * status and last progress.
 */
export class FeedRunErrorsOmitted1764200000000 implements MigrationInterface {
  name = 'FeedRunErrorsOmitted1764200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "feed_runs" ADD "errors_omitted" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "feed_runs" ADD "warnings_omitted" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "feed_runs" ADD "sweep_resumes" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "feed_runs" DROP CONSTRAINT "ck_feed_runs_status"`);
    await queryRunner.query(
      `ALTER TABLE "feed_runs" ADD CONSTRAINT "ck_feed_runs_status" CHECK (status IN ('queued', 'running', 'held', 'succeeded', 'partial', 'failed', 'cancelled'))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_feed_runs_status_updated" ON "feed_runs" ("status", "updated_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_feed_runs_status_updated"`);
    await queryRunner.query(`UPDATE "feed_runs" SET status = 'failed' WHERE status = 'cancelled'`);
    await queryRunner.query(`ALTER TABLE "feed_runs" DROP CONSTRAINT "ck_feed_runs_status"`);
    await queryRunner.query(
      `ALTER TABLE "feed_runs" ADD CONSTRAINT "ck_feed_runs_status" CHECK (status IN ('queued', 'running', 'held', 'succeeded', 'partial', 'failed'))`,
    );
    await queryRunner.query(`ALTER TABLE "feed_runs" DROP COLUMN "sweep_resumes"`);
    await queryRunner.query(`ALTER TABLE "feed_runs" DROP COLUMN "warnings_omitted"`);
    await queryRunner.query(`ALTER TABLE "feed_runs" DROP COLUMN "errors_omitted"`);
  }
}
