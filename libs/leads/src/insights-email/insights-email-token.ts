import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'dealer-insights-unsubscribe.v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Longest token accepted: anything longer is not ours and is refused before any work. */
export const MAX_INSIGHTS_UNSUBSCRIBE_TOKEN_LENGTH = 120;

const sign = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(`${PURPOSE}\n${body}`).digest('base64url');

/**
 * The weekly insights email's unsubscribe token: the dealer user's id signed with HMAC-SHA256 under
 * ALERT_LINK_SECRET (the shopper alerts' key, with a purpose of its own so neither token is
 * accepted as the other). It never expires; rotating the secret retires every link.
 */
export const insightsUnsubscribeToken = (secret: string, userId: string): string => `${userId}.${sign(secret, userId)}`;

/** The dealer user id of a genuine token; null for anything else. */
export function readInsightsUnsubscribeToken(secret: string, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > MAX_INSIGHTS_UNSUBSCRIBE_TOKEN_LENGTH) return null;
  const cut = token.lastIndexOf('.');
  if (cut < 0) return null;
  const userId = token.slice(0, cut);
  if (!UUID.test(userId)) return null;
  const given = Buffer.from(token.slice(cut + 1));
  const expected = Buffer.from(sign(secret, userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
