import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stock insights (issue 41): car_daily_facts, one row per car and day rolled up from the raw
 * events, and car_insights, each live car's latest rating and days-to-sell estimate.
 */
export class StockInsights1766100000000 implements MigrationInterface {
  name = 'StockInsights1766100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "car_daily_facts" ("car_id" integer NOT NULL, "day" date NOT NULL, "dealership_id" integer NOT NULL, "search_appearances" integer NOT NULL DEFAULT '0', "views" integer NOT NULL DEFAULT '0', "phone_reveals" integer NOT NULL DEFAULT '0', "enquiries" integer NOT NULL DEFAULT '0', "enquiries_by_form" jsonb NOT NULL DEFAULT '{}', "reservations" integer NOT NULL DEFAULT '0', "watchlist_saves" integer NOT NULL DEFAULT '0', "price" integer, "status" text NOT NULL DEFAULT 'in_stock', CONSTRAINT "PK_bf731e9d55d719822c63ad25529" PRIMARY KEY ("car_id", "day"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_car_daily_facts_day" ON "car_daily_facts" ("day")`);
    await queryRunner.query(
      `CREATE INDEX "ix_car_daily_facts_dealership_day" ON "car_daily_facts" ("dealership_id", "day")`,
    );
    await queryRunner.query(
      `CREATE TABLE "car_insights" ("car_id" integer NOT NULL, "dealership_id" integer NOT NULL, "computed_at" TIMESTAMP WITH TIME ZONE NOT NULL, "score" integer NOT NULL, "band" text NOT NULL, "explanation" text NOT NULL, "segment" text NOT NULL, "expected_views7" real NOT NULL, "expected_enquiries7" real NOT NULL, "market_average" integer, "price_position" text NOT NULL, "days_to_sell" integer, "days_to_sell_at_market" integer, CONSTRAINT "PK_31a1dfad49ae04b2035c2e327ef" PRIMARY KEY ("car_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_car_insights_dealership" ON "car_insights" ("dealership_id")`);
    await queryRunner.query(
      `ALTER TABLE "car_daily_facts" ADD CONSTRAINT "FK_516d08e18914b792e69b94690f3" FOREIGN KEY ("car_id") REFERENCES "cars"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "car_insights" ADD CONSTRAINT "FK_31a1dfad49ae04b2035c2e327ef" FOREIGN KEY ("car_id") REFERENCES "cars"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "car_insights" DROP CONSTRAINT "FK_31a1dfad49ae04b2035c2e327ef"`);
    await queryRunner.query(`ALTER TABLE "car_daily_facts" DROP CONSTRAINT "FK_516d08e18914b792e69b94690f3"`);
    await queryRunner.query(`DROP INDEX "public"."ix_car_insights_dealership"`);
    await queryRunner.query(`DROP TABLE "car_insights"`);
    await queryRunner.query(`DROP INDEX "public"."ix_car_daily_facts_dealership_day"`);
    await queryRunner.query(`DROP INDEX "public"."ix_car_daily_facts_day"`);
    await queryRunner.query(`DROP TABLE "car_daily_facts"`);
  }
}
