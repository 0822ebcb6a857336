import { SmsSendError, type SmsMessage, type SmsSender } from './sms-sender';

/** The SMS gateway over HTTP: POST SMS_GATEWAY_URL { to, message } with bearer SMS_GATEWAY_TOKEN. */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
    // A shopper waits on this call; a gateway slower than this is treated as down.
    private readonly timeoutMs = 5000,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    let response: Response;
    try {
      response = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, message: message.body }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new SmsSendError(`SMS gateway unreachable: ${(error as Error).message}`);
    }
    // Drain the body so the connection is reused; its content is not needed.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new SmsSendError(`SMS gateway answered ${response.status}`);
  }
}
