import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A saved search stores at most a day's sending allowance of new-match alerts per local day; the
 * matches beyond it are counted here (since the shopper last viewed their saved searches) instead
 * of one alert row each, which no daily limit would ever let out.
 */
export class SavedSearchUnstoredMatches1764900000000 implements MigrationInterface {
  name = 'SavedSearchUnstoredMatches1764900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "saved_searches" ADD "unstored_matches" integer NOT NULL DEFAULT 0`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "saved_searches" DROP COLUMN "unstored_matches"`);
  }
}
