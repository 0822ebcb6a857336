import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Images dealers and operators upload through the site editor (issue 52: banners, slides, offers).
 * The bytes live in the media store under their content hash, as feed photos do, and are served at
 * /media/photos/{hash}/{variant}; this row is what keeps them: the media lifecycle deletes a hash's
 * objects only when no photos row and no site_images row holds it, and a purged site takes its rows
 * (and the bytes no other site or photo shares) with it. One row per site and image: the same bytes
 * uploaded twice are one image. `uploaded_by` names the account (dealer:{id}, operator:{id},
 * ops-token), never a person's address.
 */
export class SiteImages1767450000000 implements MigrationInterface {
  name = 'SiteImages1767450000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "site_images" (
         "site_id" integer NOT NULL REFERENCES "sites" ("id") ON DELETE CASCADE,
         "hash" text NOT NULL CHECK ("hash" ~ '^[0-9a-f]{64}$'),
         "format" text NOT NULL CHECK ("format" IN ('jpeg', 'png', 'webp')),
         "width" integer NOT NULL CHECK ("width" > 0),
         "height" integer NOT NULL CHECK ("height" > 0),
         "byte_size" integer NOT NULL CHECK ("byte_size" > 0),
         "uploaded_by" text NOT NULL,
         "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         PRIMARY KEY ("site_id", "hash")
       )`,
    );
    await queryRunner.query(`CREATE INDEX "site_images_hash" ON "site_images" ("hash")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "site_images"`);
  }
}
