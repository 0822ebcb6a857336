import { expect, test } from '@playwright/test';
import { DEMO_SITE_SLUGS } from './demo-sites';
import { siteUrl } from './e2e-env';

/**
 * `/mcp` on every demo site's own host, through the web's forwarding to the api (the SDK's client
 * drives the api endpoint itself in services/api/src/mcp/mcp.spec.ts): an AI assistant lists the
 * tools and searches the site's stock with a sentence, and every answer names this site's dealer
 * and links back to this site's pages.
 */
for (const slug of DEMO_SITE_SLUGS) {
  test(`an AI assistant reaches ${slug}'s stock at /mcp on its host`, async ({ page }) => {
    await page.goto(siteUrl(slug, '/'));
    const call = (body: unknown) =>
      page.evaluate(async (message) => {
        const response = await fetch('/mcp', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-06-18',
          },
          body: JSON.stringify(message),
        });
        return { status: response.status, cache: response.headers.get('cache-control'), body: await response.json() };
      }, body);

    const tools = await call({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(tools.status).toBe(200);
    expect(tools.cache).toMatch(/no-store/);
    expect((tools.body.result.tools as { name: string }[]).map((tool) => tool.name).sort()).toEqual([
      'estimate_repayment',
      'get_car',
      'list_locations',
      'search_cars',
      'send_enquiry',
    ]);

    const found = await call({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'search_cars', arguments: { sentence: 'used car under 80k' } },
    });
    expect(found.status).toBe(200);
    const result = found.body.result.structuredContent as {
      dealer: { name: string; website: string };
      cars: { page: string }[];
    };
    expect(new URL(result.dealer.website).host).toBe(new URL(siteUrl(slug)).host);
    expect(result.cars.length).toBeGreaterThan(0);
    for (const car of result.cars) expect(new URL(car.page).host).toBe(new URL(siteUrl(slug)).host);
  });
}
