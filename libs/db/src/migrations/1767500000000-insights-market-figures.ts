import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 53: a car's insights page showed two market averages, the hourly job's and one the api
 * read again from live comparables under a different rule. The job now stores the whole market
 * reading (how many comparable cars, and where most are priced) beside its average, so the page
 * shows one reading, the one its rating and explanation were worked out from.
 */
export class InsightsMarketFigures1767500000000 implements MigrationInterface {
  name = 'InsightsMarketFigures1767500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "car_insights" ADD COLUMN "market_comparables" integer NOT NULL DEFAULT 0,
         ADD COLUMN "market_low" integer, ADD COLUMN "market_high" integer`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "car_insights" DROP COLUMN "market_high", DROP COLUMN "market_low", DROP COLUMN "market_comparables"`,
    );
  }
}
