import { createHash, randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { query } from './database';
import { API_ORIGIN } from './e2e-env';

/** Stands in for ops issuing a dealership's feed key: only its hash is stored, as FeedKeys.issue does. */
export async function issueFeedKey(dealershipId: number): Promise<string> {
  const key = `fk_${randomBytes(32).toString('base64url')}`;
  await query(`INSERT INTO feed_keys (dealership_id, key_hash, key_prefix) VALUES ($1, $2, $3)`, [
    dealershipId,
    createHash('sha256').update(key).digest('hex'),
    key.slice(0, 9),
  ]);
  return key;
}

/** Pushes cars (one or several) as a delta feed and waits for its run to end; the run's final status. */
export async function pushDelta(
  key: string,
  dealershipSlug: string,
  rows: Record<string, unknown> | Record<string, unknown>[],
): Promise<string> {
  const pushed = await fetch(`${API_ORIGIN}/api/feeds/${dealershipSlug}?mode=delta`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(Array.isArray(rows) ? rows : [rows]),
  });
  expect(pushed.status).toBe(202);
  const { feedRunId } = (await pushed.json()) as { feedRunId: number };
  let status = 'queued';
  await expect
    .poll(
      async () => {
        const run = await fetch(`${API_ORIGIN}/api/feeds/runs/${feedRunId}`, {
          headers: { authorization: `Bearer ${key}` },
        });
        status = ((await run.json()) as { status: string }).status;
        return ['succeeded', 'partial', 'failed', 'cancelled'].includes(status);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return status;
}
