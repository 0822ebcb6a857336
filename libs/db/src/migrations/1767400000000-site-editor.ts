import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drafts and published versions of configuration layers (issue 52). A layer is named as text
 * ('site:12', 'dealership:34', 'template:showroom', 'manufacturer:5') because the four layers live
 * in four tables; site_id says whose it is (null for templates and brands, which every site shares),
 * so a dealer's history reads by it and a purged site takes its drafts and versions with it.
 *
 * Each editor has their own draft of a layer (UNIQUE layer, author): two people editing one layer
 * never overwrite each other's work, and a draft based on a version someone has since published is
 * refused at publish. A preview link's token is stored hashed, never as issued.
 */
export class SiteEditor1767400000000 implements MigrationInterface {
  name = 'SiteEditor1767400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "config_versions" (
         "id" bigserial PRIMARY KEY,
         "layer" text NOT NULL,
         "site_id" integer REFERENCES "sites" ("id") ON DELETE CASCADE,
         "version" integer NOT NULL CHECK ("version" > 0),
         "document" jsonb NOT NULL,
         "changes" jsonb NOT NULL DEFAULT '[]',
         "author" text NOT NULL,
         "author_name" text NOT NULL,
         "note" text,
         "rolled_back_to" integer,
         "published_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         UNIQUE ("layer", "version")
       )`,
    );
    await queryRunner.query(`CREATE INDEX "config_versions_site" ON "config_versions" ("site_id")`);
    await queryRunner.query(
      `CREATE TABLE "config_drafts" (
         "id" bigserial PRIMARY KEY,
         "layer" text NOT NULL,
         "site_id" integer REFERENCES "sites" ("id") ON DELETE CASCADE,
         "author" text NOT NULL,
         "author_name" text NOT NULL,
         "base_version" integer NOT NULL,
         "document" jsonb NOT NULL,
         "preview_token_hash" text UNIQUE,
         "preview_expires_at" TIMESTAMP WITH TIME ZONE,
         "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         UNIQUE ("layer", "author")
       )`,
    );
    await queryRunner.query(`CREATE INDEX "config_drafts_site" ON "config_drafts" ("site_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "config_drafts"`);
    await queryRunner.query(`DROP TABLE "config_versions"`);
  }
}
