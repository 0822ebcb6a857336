import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Daily counters of phone reveals and page views per car, filled by the worker from their queues. */
export class CarEvents1763900000000 implements MigrationInterface {
  name = 'CarEvents1763900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "car_event_days" ("car_id" integer NOT NULL, "site_id" integer NOT NULL, "kind" text NOT NULL, "day" date NOT NULL, "dealership_id" integer NOT NULL, "count" integer NOT NULL DEFAULT '0', CONSTRAINT "ck_car_event_days_kind" CHECK (kind IN ('phone_reveal', 'view')), CONSTRAINT "PK_a9ce71a1b201c77d85f488a256c" PRIMARY KEY ("car_id", "site_id", "kind", "day"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_car_event_days_dealership_day" ON "car_event_days" ("dealership_id", "day") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_car_event_days_dealership_day"`);
    await queryRunner.query(`DROP TABLE "car_event_days"`);
  }
}
