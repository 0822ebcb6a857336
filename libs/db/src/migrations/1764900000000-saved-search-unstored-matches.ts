import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A saved search stores at most a day's sending allowance of new-match alerts per local day; the
 * matches beyond it are counted here instead of one alert row each (no daily limit would ever let
 * them out). Insert-only, dated like the alerts, so the watchlist's new-match count is the alerts
 * plus these counts since the shopper's last view, and the matcher never locks a saved search.
 */
export class SavedSearchUnstoredMatches1764900000000 implements MigrationInterface {
  name = 'SavedSearchUnstoredMatches1764900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "saved_search_unstored_matches" ("id" BIGSERIAL NOT NULL, "saved_search_id" uuid NOT NULL, "matches" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_saved_search_unstored_matches_positive" CHECK (matches > 0), CONSTRAINT "PK_saved_search_unstored_matches" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_saved_search_unstored_matches_search" ON "saved_search_unstored_matches" ("saved_search_id", "created_at")`,
    );
    await queryRunner.query(
      `ALTER TABLE "saved_search_unstored_matches" ADD CONSTRAINT "FK_9c61b2f9a39ebaebf49399711be" FOREIGN KEY ("saved_search_id") REFERENCES "saved_searches"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "saved_search_unstored_matches"`);
  }
}
