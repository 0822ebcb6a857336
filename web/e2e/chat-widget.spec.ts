import { expect, test, type Page } from '@playwright/test';
import { query } from './database';
import { dismissPopupsOf } from './demo-sites';
import { siteUrl } from './e2e-env';

/**
 * A site that configures a third-party chat widget. No demo site does (the demo uses the platform's
 * own chat), so this test gives Northside one for its duration, in the database as an operator would,
 * and stands in for the chat provider's server with a script routed in Chromium.
 */
const SITE = 'northside-used-cars';
const OTHER = 'werribee-isuzu-ute';
const WIDGET = 'https://chat.example.test/v1/widget.js';
const WIDGET_ORIGIN = 'https://chat.example.test';

const WIDGET_SCRIPT = `window.PlatformChatWidget = {
  open(context) {
    const panel = document.createElement('div');
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-label', 'Dealer chat');
    panel.textContent = 'Dealer chat for ' + context.siteSlug + ' on ' + context.path + ': ' + context.message;
    document.body.append(panel);
  },
};`;

async function cspOf(page: Page, slug: string): Promise<string> {
  const response = await page.goto(siteUrl(slug, '/'));
  return (await response?.headerValue('content-security-policy')) ?? '';
}

test.describe('a third-party chat widget', () => {
  test.describe.configure({ timeout: 120_000 });

  test('loads only when the chat is first opened, opens with the page, and is let through the CSP of its own site only; the local chat stands in when it cannot load', async ({
    page,
    request,
  }) => {
    const [before] = await query<{ config: unknown }>(`SELECT config FROM sites WHERE slug = $1`, [SITE]);
    await query(
      `UPDATE sites SET config = config
         || jsonb_build_object('chat', jsonb_build_object('widget_script_url', $2::text))
         || jsonb_build_object('features', COALESCE(config->'features', '{}'::jsonb) || '{"chat_enabled": true}'::jsonb)
       WHERE slug = $1`,
      [SITE, WIDGET],
    );
    try {
      await dismissPopupsOf(page, request, SITE);
      const widgetRequests: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(WIDGET_ORIGIN)) widgetRequests.push(r.url());
      });
      await page.route(`${WIDGET_ORIGIN}/**`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: WIDGET_SCRIPT }),
      );

      // The web learns a host's settings within its 30 s lookup cache.
      await expect.poll(() => cspOf(page, SITE), { timeout: 45_000, intervals: [1000] }).toContain(WIDGET_ORIGIN);
      const csp = await cspOf(page, SITE);
      for (const directive of ['script-src', 'connect-src', 'frame-src', 'img-src', 'style-src'])
        expect(csp.split('; ').find((d) => d.startsWith(`${directive} `))).toContain(WIDGET_ORIGIN);
      expect(await cspOf(page, OTHER)).not.toContain(WIDGET_ORIGIN);

      await page.goto(siteUrl(SITE, '/search/used-cars'));
      await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();
      // Anonymous pages stay as fast as without a chat: nothing of the widget loads with the page.
      expect(widgetRequests).toEqual([]);

      await page.getByRole('button', { name: 'Chat with us' }).click();
      await expect(page.getByRole('dialog', { name: 'Dealer chat' })).toContainText(
        `Dealer chat for ${SITE} on /search/used-cars`,
      );
      expect(widgetRequests).toEqual([WIDGET]);
      await expect(page.getByRole('dialog', { name: 'Chat with us' })).toBeHidden();

      // The provider unreachable: the platform's own chat opens instead.
      await page.unroute(`${WIDGET_ORIGIN}/**`);
      await page.route(`${WIDGET_ORIGIN}/**`, (route) => route.abort('connectionrefused'));
      await page.goto(siteUrl(SITE, '/'));
      await page.getByRole('button', { name: 'Chat with us' }).click();
      await expect(page.getByRole('dialog', { name: 'Chat with us' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/contact');
    } finally {
      await query(`UPDATE sites SET config = $2::jsonb WHERE slug = $1`, [SITE, JSON.stringify(before!.config)]);
    }
  });
});
