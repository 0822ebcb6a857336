import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How a CRM webhook call is signed (documented in docs/api.md, "Lead delivery to a dealer's CRM"):
 *   X-Platform-Delivery-Id: the delivery id, stable across retries (de-duplicate on it)
 *   X-Platform-Timestamp:   Unix seconds when this attempt was sent
 *   X-Platform-Signature:   v1=hex(HMAC-SHA256(secret, `${timestamp}.${raw body}`))
 * Signing the timestamp with the body lets a receiver refuse replays older than a few minutes.
 */
export const WEBHOOK_HEADERS = {
  deliveryId: 'x-platform-delivery-id',
  timestamp: 'x-platform-timestamp',
  signature: 'x-platform-signature',
} as const;

/** How old a signed request a receiver should still accept. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookCheck {
  secret: string;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
  now?: Date;
  toleranceSeconds?: number;
}

/** The receiver's side: a valid signature over this body, sent within the tolerance. */
export function verifyWebhookSignature({
  secret,
  body,
  timestamp,
  signature,
  now = new Date(),
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
}: WebhookCheck): boolean {
  const sentAt = Number(timestamp);
  if (!Number.isInteger(sentAt) || !signature) return false;
  if (Math.abs(now.getTime() / 1000 - sentAt) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, sentAt, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
