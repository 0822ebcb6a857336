import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Used when ALERT_LINK_SECRET is unset outside production; it is in the source, so it protects nothing. */
export const DEVELOPMENT_ALERT_LINK_SECRET = 'development-only-alert-link-secret-not-for-production';

/** What an unsubscribe link stops: one saved search, one followed car, or every alert of the shopper. */
export type UnsubscribeTarget =
  | { shopperId: string; kind: 'search'; id: string }
  | { shopperId: string; kind: 'car'; id: number }
  | { shopperId: string; kind: 'all' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PURPOSE = 'alert-unsubscribe.v1';
/** Longest token accepted: a longer one is not ours, and is refused before any work. */
export const MAX_UNSUBSCRIBE_TOKEN_LENGTH = 200;

const sign = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(`${PURPOSE}\n${body}`).digest('base64url');

const encode = (target: UnsubscribeTarget): string =>
  target.kind === 'all'
    ? `${target.shopperId}.a`
    : `${target.shopperId}.${target.kind === 'search' ? 's' : 'c'}.${target.id}`;

/**
 * A one-click unsubscribe token: what it stops, signed with HMAC-SHA256 under ALERT_LINK_SECRET, so
 * it works without signing in and cannot be forged or pointed at another shopper. It never expires
 * (a message from months ago must still unsubscribe); rotating the secret retires every link.
 */
export function unsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const body = encode(target);
  return `${body}.${sign(secret, body)}`;
}

/** The target of a genuine token; null for anything else (malformed, altered, or signed with another secret). */
export function readUnsubscribeToken(secret: string, token: unknown): UnsubscribeTarget | null {
  if (typeof token !== 'string' || token.length > MAX_UNSUBSCRIBE_TOKEN_LENGTH) return null;
  const cut = token.lastIndexOf('.');
  if (cut < 0) return null;
  const body = token.slice(0, cut);
  // Compared as text: base64url's last character carries unused bits, so decoded bytes could agree
  // for two different strings.
  const given = Buffer.from(token.slice(cut + 1));
  const expected = Buffer.from(sign(secret, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [shopperId, kind, id] = body.split('.');
  if (!shopperId || !UUID.test(shopperId)) return null;
  if (kind === 'a' && id === undefined) return { shopperId, kind: 'all' };
  if (kind === 's' && id && UUID.test(id)) return { shopperId, kind: 'search', id };
  if (kind === 'c' && id && /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647)
    return { shopperId, kind: 'car', id: Number(id) };
  return null;
}

/** ALERT_LINK_SECRET, read by the api (checks links) and the worker (signs them): one definition for both. */
export const AlertLinkSecretShape = {
  /**
   * Key of the HMAC signing one-click unsubscribe links (at least 32 characters; `openssl rand -hex
   * 32`). Required in production; elsewhere a development value is used.
   */
  ALERT_LINK_SECRET: z
    .string()
    .min(32, 'ALERT_LINK_SECRET must be at least 32 characters (generate one with `openssl rand -hex 32`)')
    .default(DEVELOPMENT_ALERT_LINK_SECRET),
};
