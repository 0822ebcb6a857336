import http from 'node:http';
import { expect, test } from '@playwright/test';
import { DEMO_SITE_SLUGS } from './demo-sites';
import { WEB_PORT } from './e2e-env';

/**
 * A lead post through a site host, from a loopback address of its own (127.0.0.18), so this test
 * shares no per-client allowance with the other specs, which all connect from 127.0.0.1.
 */
function postLead(forgedFor: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ form: 'general' });
    const request = http.request(
      {
        host: '127.0.0.1',
        port: WEB_PORT,
        localAddress: '127.0.0.18',
        method: 'POST',
        path: `/api/sites/${DEMO_SITE_SLUGS[0]}/leads`,
        headers: {
          host: `${DEMO_SITE_SLUGS[0]}.localhost:${WEB_PORT}`,
          'content-type': 'application/json',
          'x-forwarded-for': forgedFor,
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

test('a client choosing its own X-Forwarded-For through a site host still reaches 429', async () => {
  // LEAD_SUBMIT_LIMIT_PER_MINUTE is 10: 21 posts put at least 11 in one fixed window. Each claims
  // to come from another address; before the web set the header itself, every one was a new client.
  const statuses: number[] = [];
  for (let i = 0; i < 21; i += 1) statuses.push(await postLead(`198.51.100.${i + 1}`));
  expect(statuses).toContain(429);
  expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
});
