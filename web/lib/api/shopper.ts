import { cache } from 'react';
import { cookies } from 'next/headers';
import { SESSION_COOKIE } from '@platform/domain';
import { shopperFromToken, type Shopper } from './session';

/** The shopper signed in on this site for the current request (one API call per request at most). */
export const getShopper = cache(async (slug: string): Promise<Shopper> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return shopperFromToken(slug, token);
});

/** The session cookie of the current request, for server-side calls made on the shopper's behalf. */
export async function sessionToken(): Promise<string | undefined> {
  return (await cookies()).get(SESSION_COOKIE)?.value;
}
