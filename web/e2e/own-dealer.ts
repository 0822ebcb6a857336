import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { query } from './database';
import { API_ORIGIN, E2E_OPS_TOKEN } from './e2e-env';

const EXAMPLE = path.resolve(__dirname, '../../infra/onboarding/example-dealer.json');
const OPS = { authorization: `Bearer ${E2E_OPS_TOKEN}`, 'content-type': 'application/json' };

/**
 * Onboards a dealer of the spec's own from the example document (site, host `{site}.localhost`,
 * one dealership of the same slug, its first owner), so no other spec's leads, users or
 * round-robin turns share it. Answers the first owner's email.
 */
export async function onboardOwnDealer(
  request: APIRequestContext,
  site: string,
  name: string,
): Promise<{ ownerEmail: string }> {
  const doc = JSON.parse(readFileSync(EXAMPLE, 'utf8'));
  doc.site.slug = site;
  doc.site.name = `${name} ${site.slice(-6)}`;
  doc.hosts = [{ host: `${site}.localhost`, primary: true }];
  doc.dealerships[0].slug = site;
  doc.dealerships[0].owner.email = `first-owner@${site}.example`;
  const answer = await request.post(`${API_ORIGIN}/api/ops/onboarding`, { headers: OPS, data: doc });
  expect(answer.status(), await answer.text()).toBe(201);
  return { ownerEmail: doc.dealerships[0].owner.email };
}

/** A shopper's general enquiry through the site's form endpoint, as the contact page sends it: the lead's id. */
export async function enquireAt(
  request: APIRequestContext,
  site: string,
  shopper: { name: string; phone: string; message: string },
): Promise<string> {
  const [location] = await query<{ id: number }>(
    `SELECT l.id FROM locations l JOIN dealerships d ON d.id = l.dealership_id WHERE d.slug = $1 ORDER BY l.id LIMIT 1`,
    [site],
  );
  const answer = await request.post(`${API_ORIGIN}/api/sites/${site}/leads`, {
    data: {
      form: 'general',
      name: shopper.name,
      email: `${shopper.name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      phone: shopper.phone,
      message: shopper.message,
      category: 'General Enquiry',
      location: String(location!.id),
      dealership_slug: site,
      terms_conditions: true,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { lead_id: string }).lead_id;
}
