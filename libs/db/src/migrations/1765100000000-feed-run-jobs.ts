import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A feed run remembers the id of the job last queued for it, so the sweep can tell a run whose
 * job is alive (waiting, delayed, active) from one whose job failed, finished or vanished with
 * Redis, and queue the latter again within seconds instead of letting the dealership's feed freeze.
 */
export class FeedRunJobs1765100000000 implements MigrationInterface {
  name = 'FeedRunJobs1765100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "feed_runs" ADD "job_id" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "feed_runs" DROP COLUMN "job_id"`);
  }
}
