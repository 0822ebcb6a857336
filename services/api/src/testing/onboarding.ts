import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_MANUFACTURERS, DEMO_TEMPLATES } from '@platform/seed';
import type { SiteApiHarness } from './site-api.harness';

/** A JSON document as tests change it, field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/** The example ops start from (infra/onboarding/example-dealer.json), exactly as the guide and the CLI send it. */
export const EXAMPLE_FILE = path.resolve(__dirname, '../../../../infra/onboarding/example-dealer.json');
export const exampleDealer = (): Json => JSON.parse(readFileSync(EXAMPLE_FILE, 'utf8')) as Json;

/** The example as another dealer: its own slugs, hosts and owner, so it conflicts with nothing. */
export function anotherDealer(slug: string): Json {
  const doc = exampleDealer();
  doc.site.slug = slug;
  doc.site.name = `Dealer ${slug}`;
  doc.hosts = [{ host: `${slug}.localhost`, primary: true }, { host: `www.${slug}.com.au` }];
  doc.dealerships[0].slug = slug;
  doc.dealerships[0].owner.email = `owner@${slug}.com.au`;
  return doc;
}

/** The demo's templates and brands, which a new dealer's document names. */
export async function seedTemplatesAndBrands(api: SiteApiHarness): Promise<void> {
  for (const template of DEMO_TEMPLATES)
    await api.db.dataSource.query(`INSERT INTO site_templates (name, config) VALUES ($1, $2)`, [
      template.name,
      JSON.stringify(template.config),
    ]);
  for (const manufacturer of DEMO_MANUFACTURERS)
    await api.db.dataSource.query(`INSERT INTO manufacturers (name, slug, config) VALUES ($1, $2, $3)`, [
      manufacturer.name,
      manufacturer.slug,
      JSON.stringify(manufacturer.config),
    ]);
}
