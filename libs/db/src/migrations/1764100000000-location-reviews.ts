import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Google reviews of a location, pushed by its review source and shown in the reviews block. */
export class LocationReviews1764100000000 implements MigrationInterface {
  name = 'LocationReviews1764100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "location_reviews" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "location_id" integer NOT NULL, "source" text NOT NULL DEFAULT 'google', "external_id" text NOT NULL, "author_name" text NOT NULL, "rating" smallint NOT NULL, "text" text NOT NULL DEFAULT '', "published_at" TIMESTAMP WITH TIME ZONE NOT NULL, "author_photo_url" text, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_location_reviews_source_id" UNIQUE ("location_id", "source", "external_id"), CONSTRAINT "ck_location_reviews_rating" CHECK (rating BETWEEN 1 AND 5), CONSTRAINT "PK_e7f5949154edcbf03cbf9d263ea" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_location_reviews_location_published" ON "location_reviews" ("location_id", "published_at") `,
    );
    await queryRunner.query(
      `ALTER TABLE "location_reviews" ADD CONSTRAINT "FK_855312fd4cc3b94ba6b14c722f6" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "location_reviews"`);
  }
}
