import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { query } from './database';
import { API_ORIGIN, E2E_OPS_TOKEN } from './e2e-env';

/** The dealer console's e2e helpers: ops giving access, signing in, the mailbox, axe and screenshots. */

export type DealerRole = 'owner' | 'sales' | 'viewer';

export const CONSOLE_SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
] as const;

const OPS = { Authorization: `Bearer ${E2E_OPS_TOKEN}` };

/** Ops adds a user to a dealership (the ops API, as support would); answers the user's id. */
export async function opsAddUser(
  request: APIRequestContext,
  dealership: string,
  user: { email: string; name: string; role: DealerRole },
): Promise<string> {
  const added = await request.post(`${API_ORIGIN}/api/ops/dealerships/${dealership}/users`, {
    headers: OPS,
    data: user,
  });
  expect(added.status(), await added.text()).toBe(201);
  return ((await added.json()) as { id: string }).id;
}

/** Ops adds a user and mints their one-time sign-in link; answers the link's token. */
export async function opsSignInLink(
  request: APIRequestContext,
  dealership: string,
  user: { email: string; name: string; role: DealerRole },
): Promise<string> {
  const id = await opsAddUser(request, dealership, user);
  const link = await request.post(`${API_ORIGIN}/api/ops/dealer-users/${id}/sign-in-link`, { headers: OPS });
  expect(link.status()).toBe(201);
  const token = new URL(((await link.json()) as { url: string }).url).searchParams.get('token');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token ?? '';
}

/** Spends a sign-in link's token through the api and puts the session cookie on the browser context. */
export async function signInByCookie(
  request: APIRequestContext,
  context: BrowserContext,
  site: string,
  token: string,
): Promise<void> {
  const signedIn = await request.post(`${API_ORIGIN}/api/dealer/sign-in/link`, {
    headers: { 'x-site-slug': site },
    data: { token },
  });
  expect(signedIn.status()).toBe(200);
  const cookie = signedIn.headers()['set-cookie']!.split(';')[0]!;
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  await context.addCookies([
    { name, value, domain: `${site}.localhost`, path: '/', httpOnly: true, sameSite: 'Lax', secure: false },
  ]);
}

/**
 * The newest email to an address whose subject matches, as text, from the development mailbox
 * (outbound_emails): quoted-printable soft breaks joined and escaped bytes decoded. Polls until it
 * arrives (the api sends sign-in and invitation mail itself, the worker the rest).
 */
export async function emailTo(address: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  let found: { subject: string; raw: string } | undefined;
  await expect
    .poll(
      async () => {
        const rows = await query<{ subject: string; raw: string }>(
          `SELECT subject, raw FROM outbound_emails WHERE $1 = ANY(recipients) ORDER BY created_at DESC`,
          [address],
        );
        found = rows.find((row) => subject.test(row.subject));
        return found?.subject ?? null;
      },
      { timeout: 20_000 },
    )
    .toMatch(subject);
  const text = Buffer.from(
    found!.raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
  return { subject: found!.subject, text };
}

export async function expectAxeClean(page: Page): Promise<void> {
  // Next streams a dynamic page's metadata after its body: after a client-side navigation the
  // title lands a moment later, so axe waits for it rather than reading the page half-way.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Screenshots of the current page at both sizes, attached to the report (and looked at). At each
 * size nothing may be wider than the screen, the page itself or any table in it: a phone never
 * scrolls sideways, and no button hides off to the right of a table.
 */
export async function consoleScreenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const size of CONSOLE_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${size.width}px scrolls sideways`).toBeLessThanOrEqual(0);
    const wideTables = await page.evaluate(() =>
      [...document.querySelectorAll('table')]
        .filter((table) => table.getBoundingClientRect().right > window.innerWidth + 1)
        .map((table) => table.querySelector('caption, th')?.textContent ?? 'a table'),
    );
    expect(wideTables, `${name} at ${size.width}px has tables wider than the screen`).toEqual([]);
    await testInfo.attach(`${name}-${size.width}x${size.height}`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  }
}
