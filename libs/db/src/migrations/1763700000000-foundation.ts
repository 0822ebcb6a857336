import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sites, host names, templates, brands, dealerships, locations with weekly and special hours, and
 * cars. Generated from the entities once and checked in; migrations.spec.ts proves they agree.
 */
export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "cars" ("id" SERIAL NOT NULL, "dealership_id" integer NOT NULL, "location_id" integer, "stocknum" text NOT NULL, "slug" text NOT NULL, "car_type" text NOT NULL, "status" text NOT NULL DEFAULT 'in_stock', "make" text NOT NULL, "model" text NOT NULL, "badge" text, "year" integer NOT NULL, "price" integer, "before_price" integer, "subscription_price" integer, "km" integer, "simple_body" text, "simple_fuel" text, "simple_transmission" text, "simple_drive" text, "colour" text, "seats" integer, "tag" text, "certified" boolean NOT NULL DEFAULT false, "reserved" boolean NOT NULL DEFAULT false, "show_on_dealer_website" boolean NOT NULL DEFAULT true, "sold_date" TIMESTAMP WITH TIME ZONE, "listed_until" TIMESTAMP WITH TIME ZONE, "custom_rank" integer NOT NULL DEFAULT '0', "views" integer NOT NULL DEFAULT '0', "data" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_cars_dealership_stocknum" UNIQUE ("dealership_id", "stocknum"), CONSTRAINT "ck_cars_status" CHECK (status IN ('in_stock', 'coming_soon', 'sold')), CONSTRAINT "ck_cars_car_type" CHECK (car_type IN ('new', 'used', 'demo')), CONSTRAINT "PK_fc218aa84e79b477d55322271b6" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_8a84b59899e33570e429ad9f57" ON "cars" ("location_id")`);
    await q.query(`CREATE UNIQUE INDEX "IDX_2eee723642eba3233b6fdd90ff" ON "cars" ("slug")`);
    await q.query(`CREATE INDEX "IDX_81b5189eb89bd86f495b712432" ON "cars" ("price")`);
    await q.query(`CREATE INDEX "IDX_2c915177e57782a7235b506e6a" ON "cars" ("listed_until")`);
    await q.query(`CREATE INDEX "IDX_2555dc81dfd02577c74b1a7c3a" ON "cars" ("created_at")`);
    await q.query(`CREATE INDEX "ix_cars_make_model" ON "cars" ("make", "model")`);
    await q.query(`CREATE INDEX "ix_cars_dealership_status" ON "cars" ("dealership_id", "status")`);
    await q.query(
      `CREATE TABLE "dealership_websites" ("id" SERIAL NOT NULL, "site_id" integer NOT NULL, "name" text NOT NULL, "slug" text NOT NULL, "make" text, "url" text NOT NULL, "logo_url" text, "position" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_06b07c86dee27a2966dc5c657b7" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_9a6064ebc5b57b05e0a0b13824" ON "dealership_websites" ("site_id")`);
    await q.query(
      `CREATE TABLE "dealerships" ("id" SERIAL NOT NULL, "site_id" integer NOT NULL, "slug" text NOT NULL, "name" text NOT NULL, "manufacturer_id" integer, "logo_url" text, "override_city" text, "include_sold_cars_days" integer NOT NULL DEFAULT '3', "average_rating" numeric(3,2), "review_count" integer NOT NULL DEFAULT '0', "position" integer NOT NULL DEFAULT '0', "config" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d0437fe70985654646502a6c805" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_b192221c8fa12518a248806930" ON "dealerships" ("site_id")`);
    await q.query(`CREATE UNIQUE INDEX "IDX_bd3672e39de803b8b3f7f0778e" ON "dealerships" ("slug")`);
    await q.query(
      `CREATE TABLE "location_hours" ("location_id" integer NOT NULL, "department" text NOT NULL, "weekday" smallint NOT NULL, "status" text NOT NULL, "open" text, "close" text, CONSTRAINT "ck_location_hours_status" CHECK (status IN ('Open', 'Closed')), CONSTRAINT "ck_location_hours_weekday" CHECK (weekday BETWEEN 0 AND 6), CONSTRAINT "PK_df5a96baa381b4541cab7d63993" PRIMARY KEY ("location_id", "department", "weekday"))`,
    );
    await q.query(
      `CREATE TABLE "location_special_hours" ("id" SERIAL NOT NULL, "location_id" integer NOT NULL, "date" date NOT NULL, "status" text NOT NULL, "start_hour" text, "end_hour" text, "department" text NOT NULL DEFAULT 'all', "location_name" text, CONSTRAINT "ck_special_hours_department" CHECK (department IN ('all', 'sales', 'service', 'parts')), CONSTRAINT "PK_2288834f214c3b2b62785a45908" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_b7825a7826b188df49b51587de" ON "location_special_hours" ("location_id")`);
    await q.query(
      `CREATE TABLE "locations" ("id" SERIAL NOT NULL, "dealership_id" integer NOT NULL, "name" text NOT NULL, "slug" text NOT NULL, "visible" boolean NOT NULL DEFAULT true, "primary" boolean NOT NULL DEFAULT false, "location_type" text NOT NULL DEFAULT '', "location_subtype" text, "manufacturers" jsonb NOT NULL DEFAULT '[]', "dealer_license_number" text, "motor_vehicle_repairer" text, "street" text NOT NULL, "city" text NOT NULL, "state" text NOT NULL, "postcode" text NOT NULL, "lat" double precision, "long" double precision, "place_id" text, "place_url" text, "map_key" text, "phone" text, "landline_phone" text, "image_url" text, "image_thumb_url" text, "average_rating" numeric(3,2), "review_count" integer NOT NULL DEFAULT '0', "time_zone" text NOT NULL, CONSTRAINT "uq_locations_dealership_slug" UNIQUE ("dealership_id", "slug"), CONSTRAINT "ck_locations_time_zone" CHECK (time_zone LIKE 'Australia/%'), CONSTRAINT "ck_locations_type" CHECK (location_type IN ('', 'sales', 'used', 'service', 'parts')), CONSTRAINT "PK_7cc1c9e3853b94816c094825e74" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_b40459bb4611857d5a7b2e1b1e" ON "locations" ("dealership_id")`);
    await q.query(
      `CREATE TABLE "manufacturers" ("id" SERIAL NOT NULL, "name" text NOT NULL, "slug" text NOT NULL, "logo_url" text, "config" jsonb NOT NULL DEFAULT '{}', CONSTRAINT "PK_138520de32c379a48e703441975" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_b8857dc48c6a430f9e9257d986" ON "manufacturers" ("slug")`);
    await q.query(
      `CREATE TABLE "site_hosts" ("host" text NOT NULL, "site_id" integer NOT NULL, "primary" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_e7125b95940c24e4f46bc9443f8" PRIMARY KEY ("host"))`,
    );
    await q.query(
      `CREATE TABLE "site_templates" ("name" text NOT NULL, "config" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c95061d327ed308f228e01cac01" PRIMARY KEY ("name"))`,
    );
    await q.query(
      `CREATE TABLE "sites" ("id" SERIAL NOT NULL, "slug" text NOT NULL, "name" text NOT NULL, "template" text, "config" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4f5eccb1dfde10c9170502595a7" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_26503a75e987672fb5af9258cc" ON "sites" ("slug")`);
    await q.query(
      `ALTER TABLE "cars" ADD CONSTRAINT "FK_f0f342c055d78d3b44740680ab4" FOREIGN KEY ("dealership_id") REFERENCES "dealerships"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "cars" ADD CONSTRAINT "FK_8a84b59899e33570e429ad9f57f" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "dealership_websites" ADD CONSTRAINT "FK_9a6064ebc5b57b05e0a0b138245" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "dealerships" ADD CONSTRAINT "FK_b192221c8fa12518a2488069303" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "dealerships" ADD CONSTRAINT "FK_f9f15df161b3520ec6177f3b039" FOREIGN KEY ("manufacturer_id") REFERENCES "manufacturers"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "location_hours" ADD CONSTRAINT "FK_87a038955f92d9e83f3ee9c41dc" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "location_special_hours" ADD CONSTRAINT "FK_b7825a7826b188df49b51587de8" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "locations" ADD CONSTRAINT "FK_b40459bb4611857d5a7b2e1b1e5" FOREIGN KEY ("dealership_id") REFERENCES "dealerships"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "site_hosts" ADD CONSTRAINT "FK_4102b27bb64b12ac9b373b16ac6" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "sites" ADD CONSTRAINT "FK_b875c3939e0dd1e58b98591923c" FOREIGN KEY ("template") REFERENCES "site_templates"("name") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'cars',
      'location_special_hours',
      'location_hours',
      'locations',
      'dealership_websites',
      'dealerships',
      'manufacturers',
      'site_hosts',
      'sites',
      'site_templates',
    ]) {
      await q.query(`DROP TABLE IF EXISTS "${table}" CASCADE`);
    }
  }
}
