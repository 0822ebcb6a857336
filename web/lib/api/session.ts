import { z } from 'zod';
import { SESSION_COOKIE } from '@platform/domain';
import { apiGet, segment } from './client';

/** GET /api/sites/{slug}/me */
export const ShopperSchema = z.object({
  signed_in: z.boolean(),
  /** Display form (0412 345 678), or null when signed out. */
  phone: z.string().nullable(),
});
export type Shopper = z.infer<typeof ShopperSchema>;

export const SIGNED_OUT: Shopper = { signed_in: false, phone: null };

/** The session cookie alone, as a Cookie header, so nothing else the browser holds is sent on. */
export function sessionCookieHeader(token: string | undefined): string | null {
  return token ? `${SESSION_COOKIE}=${token}` : null;
}

/**
 * Who is signed in on a site, from the session cookie's value. No cookie is signed out without a
 * request; the API decides everything else (expired, revoked, another site's session).
 * Kept free of next/headers so the proxy can use it as well as pages.
 */
export async function shopperFromToken(slug: string, token: string | undefined): Promise<Shopper> {
  const cookie = sessionCookieHeader(token);
  if (!cookie) return SIGNED_OUT;
  return apiGet(`/api/sites/${segment(slug)}/me`, ShopperSchema, {
    cache: 'no-store',
    headers: { cookie },
    signal: AbortSignal.timeout(5_000),
  });
}
