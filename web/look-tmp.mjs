import { chromium } from '@playwright/test';
const [, , path, out] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
// sign in: ops
const api = 'http://127.0.0.1:4751';
const auth = { Authorization: 'Bearer e2e-ops-token-only-for-this-test-run-0123456789', 'content-type': 'application/json' };
const stamp = Date.now().toString(36);
const added = await fetch(`${api}/api/ops/dealerships/${process.env.DEALERSHIP}/users`, { method: 'POST', headers: auth, body: JSON.stringify({ email: `look.${stamp}@example.com`, name: 'Look', role: 'owner' }) });
const { id } = await added.json();
const link = await (await fetch(`${api}/api/ops/dealer-users/${id}/sign-in-link`, { method: 'POST', headers: auth })).json();
const token = new URL(link.url).searchParams.get('token');
const base = 'http://harbour-motor-group.localhost:4750';
await page.goto(`${base}/dealer/sign-in?token=${token}`);
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(`${base}/dealer`);
for (const [w, h] of [[390, 844], [1366, 900]]) {
  await page.setViewportSize({ width: w, height: h });
  await page.goto(`${base}${path}`);
  const wide = await page.evaluate(() => {
    const vw = window.innerWidth;
    return [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > vw + 1).slice(0, 8).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
  });
  console.log(w, 'overflow', await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), wide);
  await page.screenshot({ path: `${out}-${w}.png`, fullPage: w === 390 ? false : false });
}
await browser.close();
