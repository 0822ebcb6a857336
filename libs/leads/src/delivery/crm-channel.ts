import type { DataSource } from 'typeorm';
import { DeliveryError } from './delivery-error';
import { signWebhook, WEBHOOK_HEADERS } from './webhook-signature';

/** Where a dealership's leads go: its CRM (outside the platform) or, by default, the deliveries table. */
export interface CrmChannel {
  /** Delivers once from the receiver's point of view (it de-duplicates on deliveryId); returns where it went. */
  deliver(
    deliveryId: string,
    payload: Record<string, unknown>,
    context: { leadId: string; dealershipId: number | null },
  ): Promise<string>;
}

/** Answers worth retrying: the CRM or the network is having a moment. */
const RETRYABLE_STATUS = new Set([408, 425, 429]);

/** POSTs the lead as JSON, signed with HMAC-SHA256 (see webhook-signature.ts). */
export class WebhookCrm implements CrmChannel {
  constructor(
    private readonly url: string,
    private readonly secret: string,
    private readonly timeoutMs = 10_000,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async deliver(deliveryId: string, payload: Record<string, unknown>): Promise<string> {
    const host = new URL(this.url).host;
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(this.now().getTime() / 1000);
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_HEADERS.deliveryId]: deliveryId,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(this.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const cause =
        (error as Error).name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : (error as Error).message;
      throw new DeliveryError(`CRM webhook ${host} unreachable: ${cause}`, true);
    }
    await response.body?.cancel().catch(() => undefined);
    if (response.ok) return `webhook ${host}`;
    const retryable = response.status >= 500 || RETRYABLE_STATUS.has(response.status);
    throw new DeliveryError(
      `CRM webhook ${host} answered HTTP ${response.status}${retryable ? '' : ' (not retried: fix the CRM or its configuration, then retry from ops)'}`,
      retryable,
    );
  }
}

/** The development CRM: the deliveries table, keyed by delivery id so a repeat lands once. */
export class TableCrm implements CrmChannel {
  constructor(private readonly dataSource: DataSource) {}

  async deliver(
    deliveryId: string,
    payload: Record<string, unknown>,
    { leadId, dealershipId }: { leadId: string; dealershipId: number | null },
  ): Promise<string> {
    await this.dataSource.query(
      `INSERT INTO crm_deliveries (delivery_id, lead_id, dealership_id, payload) VALUES ($1, $2, $3, $4) ON CONFLICT (delivery_id) DO NOTHING`,
      [deliveryId, leadId, dealershipId, JSON.stringify(payload)],
    );
    return 'deliveries table';
  }
}
