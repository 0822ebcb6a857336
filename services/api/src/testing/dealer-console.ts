import { createHash } from 'node:crypto';
import type request from 'supertest';
import type { SiteApiHarness } from './site-api.harness';

/** A dealer user signed in through an ops link: their cookie and CSRF token, for supertest. */
export interface SignedInDealer {
  id: string;
  cookie: string;
  csrf: string;
  get(path: string): request.Test;
  post(path: string, body?: unknown): request.Test;
  put(path: string, body?: unknown): request.Test;
  del(path: string): request.Test;
}

/** Percent-encodes every byte (a lone surrogate as the replacement character, as a browser sends it). */
export const percent = (text: string): string =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** Adds a user with `role` to each dealership (through the ops API) and signs them in with a one-time link. */
export async function signInDealer(
  api: SiteApiHarness,
  opsToken: string,
  email: string,
  memberships: { dealership: string; role: 'owner' | 'sales' | 'viewer' }[],
): Promise<SignedInDealer> {
  const ops = (req: request.Test) => req.set('Authorization', `Bearer ${opsToken}`);
  let id = '';
  for (const { dealership, role } of memberships) {
    const added = await ops(api.http().post(`/api/ops/dealerships/${dealership}/users`))
      .send({ email, name: `User ${email.split('@')[0]}`, role })
      .expect(201);
    id = added.body.id as string;
  }
  const link = await ops(api.http().post(`/api/ops/dealer-users/${id}/sign-in-link`)).expect(201);
  const token = new URL(link.body.url as string).searchParams.get('token');
  const answer = await api.http().post('/api/dealer/sign-in/link').send({ token }).expect(200);
  const cookie = (answer.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  const csrf = answer.body.csrfToken as string;
  return {
    id,
    cookie,
    csrf,
    get: (path) => api.http().get(path).set('Cookie', cookie),
    post: (path, body) =>
      api
        .http()
        .post(path)
        .set('Cookie', cookie)
        .set('x-csrf-token', csrf)
        .send(body as object),
    put: (path, body) =>
      api
        .http()
        .put(path)
        .set('Cookie', cookie)
        .set('x-csrf-token', csrf)
        .send(body as object),
    del: (path) => api.http().delete(path).set('Cookie', cookie).set('x-csrf-token', csrf),
  };
}

/**
 * A shopper's general enquiry to the harness's north dealership through the real form endpoint:
 * the lead's id. The email and phone are the name's own (a phone from its hash), so leads of one
 * name are one customer and of two names two; `extra` overrides or adds fields.
 */
export async function enquireAtNorth(
  api: SiteApiHarness,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const digits = (parseInt(createHash('sha256').update(name).digest('hex').slice(0, 8), 16) % 1e8).toString();
  const body = {
    form: 'general',
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    phone: `04${digits.padStart(8, '0')}`,
    message: 'Is it still available?',
    category: 'General Enquiry',
    location: String(api.fixture.north.primaryLocationId),
    dealership_slug: api.fixture.north.slug,
    terms_conditions: true,
    ...extra,
  };
  return (await api.http().post(`/api/sites/${api.siteSlug}/leads`).send(body).expect(201)).body.lead_id as string;
}
