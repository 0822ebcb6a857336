import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A feed's left-out cars move from one JSON list on its record to rows of their own (issue 42), so a
 * generation writes them page by page as it goes instead of holding the whole list until the end.
 * The record keeps their count; the current generations' lists are carried over.
 */
export class SyndicationLeftOut1766300000000 implements MigrationInterface {
  name = 'SyndicationLeftOut1766300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "syndication_feed_left_out" ("dealership_id" integer NOT NULL, "channel" text NOT NULL, "generation" integer NOT NULL, "car_id" integer NOT NULL, "stocknum" text NOT NULL, "vin" text, "reasons" text array NOT NULL, CONSTRAINT "PK_4c7dfde28ff9480a9043c7840d0" PRIMARY KEY ("dealership_id", "channel", "generation", "car_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "syndication_feed_left_out" ADD CONSTRAINT "FK_e5da9c524df64a8fc4d858ff655" FOREIGN KEY ("dealership_id") REFERENCES "dealerships"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `INSERT INTO "syndication_feed_left_out" (dealership_id, channel, generation, car_id, stocknum, vin, reasons)
       SELECT f.dealership_id, f.channel, f.generation, (car->>'car_id')::int, car->>'stocknum', car->>'vin',
              ARRAY(SELECT jsonb_array_elements_text(car->'reasons'))
       FROM "syndication_feeds" f CROSS JOIN LATERAL jsonb_array_elements(f.left_out) AS car
       WHERE f.generation > 0
       ON CONFLICT DO NOTHING`,
    );
    await queryRunner.query(`ALTER TABLE "syndication_feeds" ADD "left_out_count" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`UPDATE "syndication_feeds" SET left_out_count = jsonb_array_length(left_out)`);
    await queryRunner.query(`ALTER TABLE "syndication_feeds" DROP COLUMN "left_out"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "syndication_feeds" ADD "left_out" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(
      `UPDATE "syndication_feeds" f SET left_out = coalesce((
         SELECT jsonb_agg(jsonb_build_object('car_id', l.car_id, 'stocknum', l.stocknum, 'vin', l.vin, 'reasons', to_jsonb(l.reasons)) ORDER BY l.car_id)
         FROM "syndication_feed_left_out" l
         WHERE l.dealership_id = f.dealership_id AND l.channel = f.channel AND l.generation = f.generation), '[]'::jsonb)`,
    );
    await queryRunner.query(`ALTER TABLE "syndication_feeds" DROP COLUMN "left_out_count"`);
    await queryRunner.query(`ALTER TABLE "syndication_feed_left_out" DROP CONSTRAINT "FK_e5da9c524df64a8fc4d858ff655"`);
    await queryRunner.query(`DROP TABLE "syndication_feed_left_out"`);
  }
}
