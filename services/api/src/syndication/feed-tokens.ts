import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SyndicationChannel } from '@platform/domain';

/**
 * A feed URL's token: an HMAC of the dealership, channel and token version under AUTH_SECRET. No
 * token is stored, in clear or hashed: the database keeps only the version, so ops can print the
 * current URL at any time (without rotating the one Google or Meta already fetch) and a rotation
 * (version + 1) turns every earlier URL into a 404. 43 base64url characters, 256 bits.
 */
export function feedToken(secret: string, dealershipId: number, channel: SyndicationChannel, version: number): string {
  return createHmac('sha256', secret)
    .update(`syndication-feed\n${dealershipId}\n${channel}\n${version}`)
    .digest('base64url');
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a presented token is the current one, compared in constant time. */
export function tokenMatches(presented: string, expected: string): boolean {
  if (!TOKEN.test(presented)) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
