import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The customer (issue 53 item 5). Each lead keeps its shopper's normalised email and phone (the
 * domain's customerKeys: an email trimmed and lower-cased, an Australian number as E.164), indexed
 * per dealership, so the console groups one shopper's leads without reading every lead's fields.
 * A lead repeating an earlier one within minutes (same shopper, form and car) points at it in
 * `duplicate_of`: the desk neither assigns nor announces it again and the reports do not count it.
 * No foreign key (the entity has none to describe): leads are deleted with their site, repeats
 * and all, and a repeat whose first lead went still reads as a repeat in the reports.
 *
 * Existing leads are backfilled in SQL with the same rule as libs/domain customer-key.ts (ASCII
 * whitespace trimmed, A-Z lower-cased, a phone kept only when Australian); services/api
 * lead-customers.spec.ts checks the two agree. No old lead is marked a duplicate: reports already
 * shown to dealers keep their numbers.
 */
export class LeadCustomers1767800000000 implements MigrationInterface {
  name = 'LeadCustomers1767800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "leads" ADD "customer_email" text, ADD "customer_phone" text, ADD "duplicate_of" uuid`,
    );
    await queryRunner.query(
      `ALTER TABLE "leads" ADD CONSTRAINT "ck_leads_customer_phone" CHECK (customer_phone ~ '^\\+61[23478][0-9]{8}$')`,
    );
    await queryRunner.query(
      `UPDATE "leads" SET "customer_email" = ${LEAD_CUSTOMER_EMAIL_SQL}, "customer_phone" = ${LEAD_CUSTOMER_PHONE_SQL}`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_leads_dealership_customer_email" ON "leads" ("dealership_id", "customer_email") WHERE customer_email IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_leads_dealership_customer_phone" ON "leads" ("dealership_id", "customer_phone") WHERE customer_phone IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "ix_leads_duplicate_of" ON "leads" ("duplicate_of")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "leads" DROP CONSTRAINT "ck_leads_customer_phone", DROP COLUMN "duplicate_of", DROP COLUMN "customer_phone", DROP COLUMN "customer_email"`,
    );
  }
}

/** customerEmail of `fields->>'email'`: ASCII whitespace trimmed, A-Z lower-cased, empty is none. */
export const LEAD_CUSTOMER_EMAIL_SQL = `nullif(translate(regexp_replace("fields"->>'email', '^[ \\t\\n\\r\\v\\f]+|[ \\t\\n\\r\\v\\f]+$', '', 'g'),
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '')`;

/**
 * customerPhone of `fields->>'phone'`: spaces, brackets, dots and hyphens removed, then a mobile
 * (04..., +614..., +6104...) or landline (0[2378]..., +61[2378]..., +610[2378]...) as '+61' and its
 * nine digits; anything else is none.
 */
export const LEAD_CUSTOMER_PHONE_SQL = `(SELECT CASE WHEN p ~ '^(0|\\+610?)[23478][0-9]{8}$' THEN '+61' || right(p, 9) END
  FROM (SELECT regexp_replace("fields"->>'phone', '[ \\t\\n\\r\\v\\f().-]', '', 'g') AS p) phone)`;
