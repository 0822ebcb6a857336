import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The user data of an analytics event (spec 001 §7: a form is 'followed by a tracking event (event
 * id, user data)'): page path, source, user agent, car and its dealership, and for a lead the last
 * pages of the visit and its campaign parameters, bounded by TrackingUserDataSchema. Null on rows
 * recorded before it existed.
 */
export class AnalyticsEventUserData1767304000000 implements MigrationInterface {
  name = 'AnalyticsEventUserData1767304000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "analytics_events" ADD "user_data" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "analytics_events" DROP COLUMN "user_data"`);
  }
}
