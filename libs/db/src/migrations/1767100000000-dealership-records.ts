import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dealerships and locations as ops records (issue 51 item 1): a dealership keeps its own phone and
 * brands (what its locations are given when they name none) and is retired softly (retired_at: its
 * cars, leads and users stay). Locations, their hours and special hours, a dealership's name and
 * a brand's name and logo are read by the pages, so a change to them now moves the configuration
 * version as the other layers' do, and the web's page cache shows it within a second. Review
 * counts (locations and dealerships) still move nothing.
 */
export class DealershipRecords1767100000000 implements MigrationInterface {
  name = 'DealershipRecords1767100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "dealerships" ADD "phone" text, ADD "brands" jsonb NOT NULL DEFAULT '[]', ADD "retired_at" TIMESTAMP WITH TIME ZONE`,
    );
    for (const [table, columns] of TRIGGERS) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS "${table}_bump_site_config_version" ON "${table}"`);
      await queryRunner.query(
        `CREATE TRIGGER "${table}_bump_site_config_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE${columns ? ` OF ${columns}` : ''}
         ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION bump_site_config_version()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of TRIGGERS)
      await queryRunner.query(`DROP TRIGGER IF EXISTS "${table}_bump_site_config_version" ON "${table}"`);
    for (const [table, columns] of BEFORE)
      await queryRunner.query(
        `CREATE TRIGGER "${table}_bump_site_config_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF ${columns}
         ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION bump_site_config_version()`,
      );
    await queryRunner.query(
      `ALTER TABLE "dealerships" DROP COLUMN "retired_at", DROP COLUMN "brands", DROP COLUMN "phone"`,
    );
  }
}

/** What each table's trigger fires on now: every column the pages or the search documents read. */
const TRIGGERS: [string, string | null][] = [
  [
    'dealerships',
    'site_id, slug, name, manufacturer_id, logo_url, override_city, include_sold_cars_days, config, retired_at',
  ],
  ['manufacturers', 'name, slug, logo_url, config'],
  [
    'locations',
    `dealership_id, name, slug, visible, "primary", location_type, location_subtype, manufacturers, dealer_license_number,
     motor_vehicle_repairer, street, city, state, postcode, lat, long, place_id, place_url, map_key, phone, landline_phone,
     image_url, image_thumb_url, time_zone`,
  ],
  ['location_hours', null],
  ['location_special_hours', null],
];

/** What the dealerships and manufacturers triggers fired on before (locations and their hours had none). */
const BEFORE: [string, string][] = [
  ['dealerships', 'site_id, manufacturer_id, config'],
  ['manufacturers', 'config'],
];
