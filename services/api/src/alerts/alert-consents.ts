import type { EntityManager } from 'typeorm';
import { alertConsentWording, type AlertChannel, type ConsentSource, type ConsentSubject } from '@platform/domain';

/** What a consent is for: one saved search, one followed car, or (withdrawing only) every alert. */
export type ConsentTarget =
  { subject: 'saved_search'; savedSearchId: string } | { subject: 'car'; carId: number } | { subject: 'all' };

/** A live consent as the shopper's pages show it: the channel, the words agreed to, when. */
export interface ConsentView {
  channel: AlertChannel;
  wording: string;
  granted_at: string;
}

/**
 * Records consents the shopper just gave by ticking boxes, one row per channel, with the words shown
 * beside each box (alertConsentWording, the same rule the page renders) and where. A channel already
 * consented to for the same subject keeps its first record.
 */
export async function grantConsents(
  manager: EntityManager,
  who: { shopperId: string; siteId: number; siteName: string },
  target: Exclude<ConsentTarget, { subject: 'all' }>,
  channels: readonly AlertChannel[],
  source: ConsentSource,
): Promise<void> {
  if (channels.length === 0) return;
  await manager.query(
    `INSERT INTO alert_consents (shopper_id, site_id, channel, subject, saved_search_id, car_id, wording, source)
     SELECT $1, $2, c.channel, $3, $4::uuid, $5::int, c.wording, $6
     FROM unnest($7::text[], $8::text[]) AS c(channel, wording)
     WHERE NOT EXISTS (
       SELECT 1 FROM alert_consents x WHERE x.shopper_id = $1 AND x.channel = c.channel AND x.withdrawn_at IS NULL
         AND x.subject = $3 AND x.saved_search_id IS NOT DISTINCT FROM $4::uuid AND x.car_id IS NOT DISTINCT FROM $5::int)`,
    [
      who.shopperId,
      who.siteId,
      target.subject,
      target.subject === 'saved_search' ? target.savedSearchId : null,
      target.subject === 'car' ? target.carId : null,
      source,
      channels,
      channels.map((channel) => alertConsentWording(channel, target.subject, who.siteName)),
    ],
  );
}

/**
 * Withdraws the shopper's live consents for a target (all: every one of theirs), for the given
 * channels or all of them. Kept, with when and where: the record of what was agreed survives.
 */
export async function withdrawConsents(
  manager: EntityManager,
  shopperId: string,
  target: ConsentTarget,
  source: ConsentSource,
  channels: readonly AlertChannel[] | null = null,
): Promise<void> {
  await manager.query(
    `UPDATE alert_consents SET withdrawn_at = now(), withdrawn_source = $5
     WHERE shopper_id = $1 AND withdrawn_at IS NULL
       AND ($2::text = 'all' OR (subject = $2::text AND saved_search_id IS NOT DISTINCT FROM $3::uuid AND car_id IS NOT DISTINCT FROM $4::int))
       AND ($6::text[] IS NULL OR channel = ANY($6::text[]))`,
    [
      shopperId,
      target.subject,
      target.subject === 'saved_search' ? target.savedSearchId : null,
      target.subject === 'car' ? target.carId : null,
      source,
      channels,
    ],
  );
}

/** Live consents of the shopper, grouped by what they cover ('search:{id}', 'car:{id}'). */
export async function liveConsentViews(
  manager: Pick<EntityManager, 'query'>,
  shopperId: string,
): Promise<Map<string, ConsentView[]>> {
  const rows = (await manager.query(
    `SELECT subject, saved_search_id, car_id, channel, wording, granted_at FROM alert_consents
     WHERE shopper_id = $1 AND withdrawn_at IS NULL ORDER BY granted_at, channel`,
    [shopperId],
  )) as {
    subject: ConsentSubject;
    saved_search_id: string | null;
    car_id: number | null;
    channel: AlertChannel;
    wording: string;
    granted_at: Date;
  }[];
  const views = new Map<string, ConsentView[]>();
  for (const row of rows) {
    const key =
      row.subject === 'saved_search'
        ? `search:${row.saved_search_id}`
        : row.subject === 'car'
          ? `car:${row.car_id}`
          : 'all';
    const list = views.get(key) ?? [];
    list.push({ channel: row.channel, wording: row.wording, granted_at: row.granted_at.toISOString() });
    views.set(key, list);
  }
  return views;
}
