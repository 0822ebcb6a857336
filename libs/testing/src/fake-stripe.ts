import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request Stripe's SDK made: method, path, form fields and its idempotency key. */
export interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | null;
}

/**
 * A local stand-in for the few Stripe API calls the platform makes (PaymentIntents create,
 * retrieve and cancel; refunds create and list), so tests run the real SDK with no network. Stripe lies
 * outside the platform: this is the one thing tests fake. Same idempotency key, same answer.
 */
export interface FakeStripe {
  url: string;
  calls: StripeCall[];
  /** The next refunds fail with a 500 (Stripe unavailable). */
  failRefunds(count: number): void;
  /** Stripe forgets every idempotency key, as it does after 24 hours. */
  forgetIdempotencyKeys(): void;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: StripeCall[] = [];
  const byKey = new Map<string, unknown>();
  const intents = new Map<string, Record<string, unknown>>();
  const refunds: Record<string, unknown>[] = [];
  let failing = 0;
  let counter = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      const path = (req.url ?? '').split('?')[0]!;
      calls.push({ method: req.method ?? '', path, form, idempotencyKey: key });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${counter}` });
        res.end(JSON.stringify(value));
      };
      if (key && byKey.has(`${path}:${key}`)) return send(200, byKey.get(`${path}:${key}`));
      let answer: unknown;
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        counter += 1;
        const id = `pi_fake_${counter}`;
        const metadata = Object.fromEntries(
          [...form.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]),
        );
        answer = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_fake`,
          metadata,
        };
        intents.set(id, answer as Record<string, unknown>);
      } else if (req.method === 'GET' && path.startsWith('/v1/payment_intents/')) {
        answer = intents.get(path.split('/')[3]!);
        if (!answer) return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      } else if (req.method === 'POST' && /^\/v1\/payment_intents\/[^/]+\/cancel$/.test(path)) {
        answer = { ...intents.get(path.split('/')[3]!), status: 'canceled' };
      } else if (req.method === 'POST' && path === '/v1/refunds') {
        if (failing > 0) {
          failing -= 1;
          return send(500, { error: { type: 'api_error', message: 'Stripe is unavailable' } });
        }
        const intent = form.get('payment_intent');
        if (refunds.some((refund) => refund['payment_intent'] === intent)) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: `Charge for ${intent} has already been refunded.`,
            },
          });
        }
        counter += 1;
        answer = { id: `re_fake_${counter}`, object: 'refund', payment_intent: intent, status: 'succeeded' };
        refunds.push(answer as Record<string, unknown>);
      } else if (req.method === 'GET' && path === '/v1/refunds') {
        const intent = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('payment_intent');
        const data = refunds.filter((refund) => !intent || refund['payment_intent'] === intent);
        answer = { object: 'list', url: '/v1/refunds', has_more: false, data };
      } else {
        return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL ${path}` } });
      }
      if (key) byKey.set(`${path}:${key}`, answer);
      send(200, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failRefunds: (count) => (failing = count),
    forgetIdempotencyKeys: () => byKey.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
