import type { SiteApiHarness } from './site-api.harness';

/** Signs a shopper in through the real sign-in endpoints and returns the session cookie. */
export async function signIn(h: SiteApiHarness, phone: string, e164: string): Promise<string> {
  const sent = await h.http().post(`/api/sites/${h.siteSlug}/sign-in/code`).send({ phone });
  if (sent.status !== 202) throw new Error(JSON.stringify(sent.body));
  const [sms] = (await h.db.dataSource.query(
    `SELECT body FROM sms_messages WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`,
    [e164],
  )) as [{ body: string }];
  const code = /\b(\d{6})\b/.exec(sms.body)?.[1] ?? '';
  const res = await h.http().post(`/api/sites/${h.siteSlug}/sign-in/verify`).send({ phone, code }).expect(200);
  const header =
    ([] as string[])
      .concat(res.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith('dp_session=')) ?? '';
  return header.split(';')[0] ?? '';
}
