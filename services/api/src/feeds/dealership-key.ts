import type { DataSource } from 'typeorm';
import { DealershipEntity } from '@platform/db';
import { notFound, ProblemException } from '@platform/server-kit';
import type { FeedKeys } from '@platform/stock';
import { bearerToken } from './read-body';

export const KEY_HELP =
  "Send the dealership's feed key as 'Authorization: Bearer <key>' (ops issue keys with POST /api/ops/dealerships/{slug}/feed-keys).";

export const unauthorized = (detail: string): ProblemException =>
  new ProblemException({ status: 401, title: 'Feed key required', detail });

/**
 * The dealership a push names, once its feed key is checked: 401 without a key or with an unknown
 * or revoked one, 404 for an unknown or retired dealership, 403 for another dealership's key.
 */
export async function dealershipForKey(
  dataSource: DataSource,
  keys: FeedKeys,
  slug: string,
  authorization: string | undefined,
  route: string,
): Promise<DealershipEntity> {
  const key = bearerToken(authorization);
  if (!key) throw unauthorized(KEY_HELP);
  const dealership = await dataSource.getRepository(DealershipEntity).findOne({ where: { slug } });
  if (!dealership)
    throw notFound('Dealership not found', `No dealership has the slug '${slug}'. Check the URL: ${route}.`);
  // A retired dealership takes no stock: its cars were withdrawn with it (issue 51), and its keys revoked.
  if (dealership.retired_at)
    throw notFound('Dealership not found', `The dealership '${slug}' was retired: it takes no stock.`);
  const check = await keys.check(key, dealership.id);
  if (!check.ok && check.reason === 'other-dealership') {
    throw new ProblemException({
      status: 403,
      title: 'Wrong dealership',
      detail: `This feed key belongs to another dealership, not '${slug}'. Use the key issued for '${slug}'.`,
    });
  }
  if (!check.ok) throw unauthorized(`The feed key is not valid: it may be mistyped or revoked. ${KEY_HELP}`);
  return dealership;
}
