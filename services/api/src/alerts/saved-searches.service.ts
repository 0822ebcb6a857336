import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ALERT_CHANNELS,
  MAX_SAVED_SEARCHES_PER_SHOPPER,
  savedSearchName,
  selectiveKeys,
  type AlertChannel,
  type ConsentSource,
  type FollowCarBody,
  type SavedSearchCriteria,
  type SaveSearchBody,
  type UpdateSavedSearchBody,
} from '@platform/domain';
import { readUnsubscribeToken, type UnsubscribeTarget } from '@platform/leads';
import { ENV, notFound, ProblemException } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import type { SignedInShopper } from '../sign-in/session-reader';
import { SiteDirectory } from '../sites/site-directory';
import { WatchableCars } from '../watchlist/watchable-cars';
import { grantConsents, liveConsentViews, withdrawConsents, type ConsentView } from './alert-consents';

/** A saved search as the shopper's own pages show it. */
export interface SavedSearchView {
  id: string;
  name: string;
  criteria: SavedSearchCriteria;
  page_path: string;
  channels: string[];
  frequency: string;
  paused: boolean;
  /** Whether email alerts have an address (the address itself is not sent back). */
  has_email: boolean;
  /** New matches since the shopper last looked at the watchlist page. */
  new_matches: number;
  /** The live consents behind its channels: what the shopper agreed to, and when. */
  consents: ConsentView[];
  created_at: string;
  last_viewed_at: string;
}

interface SavedSearchRow {
  id: string;
  name: string;
  criteria: SavedSearchCriteria;
  page_path: string;
  channels: string[];
  frequency: string;
  paused: boolean;
  email: string | null;
  new_matches: number;
  created_at: Date;
  last_viewed_at: Date;
}

const view = (row: SavedSearchRow, consents: ConsentView[] = []): SavedSearchView => ({
  id: row.id,
  name: row.name,
  criteria: row.criteria,
  page_path: row.page_path,
  channels: row.channels,
  frequency: row.frequency,
  paused: row.paused,
  has_email: row.email !== null,
  new_matches: row.new_matches,
  consents,
  created_at: row.created_at.toISOString(),
  last_viewed_at: row.last_viewed_at.toISOString(),
});

const SELECT = `
  SELECT s.id, s.name, s.criteria, s.page_path, s.channels, s.frequency, s.paused, s.email, s.created_at, s.last_viewed_at,
         (SELECT count(*)::int FROM shopper_alerts a WHERE a.saved_search_id = s.id AND a.created_at > s.last_viewed_at)
         + (SELECT coalesce(sum(u.matches), 0)::int FROM saved_search_unstored_matches u
            WHERE u.saved_search_id = s.id AND u.created_at > s.last_viewed_at) AS new_matches
  FROM saved_searches s`;

const searchNotFound = () => notFound('Saved search not found', 'This saved search does not exist or is not yours.');

/** A signed-in shopper's saved searches and followed cars, on the site their session belongs to. */
@Injectable()
export class SavedSearchesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ENV) private readonly env: ApiEnv,
    private readonly sites: SiteDirectory,
    private readonly cars: WatchableCars,
  ) {}

  /**
   * Saves a search; each channel ticked is a consent, recorded with the words shown in the same
   * transaction. None ticked: saved without alerts (paused until the shopper turns them on).
   */
  async save(shopper: SignedInShopper, body: SaveSearchBody): Promise<SavedSearchView> {
    const site = await this.sites.bySlug(shopper.siteSlug);
    const name = body.name ?? savedSearchName(body.criteria, site.config.wording.used_label);
    return this.db.transaction(async (manager) => {
      // The shopper's row is the lock: two saves at once cannot both pass the limit.
      await manager.query(`SELECT 1 FROM shoppers WHERE id = $1 FOR UPDATE`, [shopper.shopperId]);
      const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM saved_searches WHERE shopper_id = $1`, [
        shopper.shopperId,
      ])) as [{ n: number }];
      if (n >= MAX_SAVED_SEARCHES_PER_SHOPPER) {
        throw new ProblemException({
          status: 409,
          title: 'Too many saved searches',
          detail: `You can keep up to ${MAX_SAVED_SEARCHES_PER_SHOPPER} saved searches. Please delete one first.`,
        });
      }
      const [row] = (await manager.query(
        `INSERT INTO saved_searches (shopper_id, site_id, name, criteria, page_path, selective_keys, channels, frequency, email, paused)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, cardinality($7::text[]) = 0)
         RETURNING id, name, criteria, page_path, channels, frequency, paused, email, created_at, last_viewed_at, 0 AS new_matches`,
        [
          shopper.shopperId,
          shopper.siteId,
          name,
          JSON.stringify(body.criteria),
          body.page_path,
          selectiveKeys(body.criteria),
          body.channels,
          body.frequency,
          body.email ?? null,
        ],
      )) as [SavedSearchRow];
      const who = { shopperId: shopper.shopperId, siteId: shopper.siteId, siteName: site.name };
      await grantConsents(
        manager,
        who,
        { subject: 'saved_search', savedSearchId: row.id },
        body.channels,
        'search_page',
      );
      return view(row, (await liveConsentViews(manager, shopper.shopperId)).get(`search:${row.id}`));
    });
  }

  async list(shopper: SignedInShopper): Promise<{ saved_searches: SavedSearchView[] }> {
    const rows = (await this.db.query(`${SELECT} WHERE s.shopper_id = $1 ORDER BY s.created_at DESC, s.id`, [
      shopper.shopperId,
    ])) as SavedSearchRow[];
    const consents = await liveConsentViews(this.db, shopper.shopperId);
    return { saved_searches: rows.map((row) => view(row, consents.get(`search:${row.id}`))) };
  }

  /** The shopper has seen the list: new-match counts start again from now. */
  async markSeen(shopper: SignedInShopper): Promise<void> {
    await this.db.query(`UPDATE saved_searches SET last_viewed_at = now() WHERE shopper_id = $1`, [shopper.shopperId]);
  }

  /**
   * Renames a search or changes how its alerts arrive. Channels newly ticked are consents given on
   * the watchlist; channels dropped (or `paused: true`, all of them) are withdrawn at once, and the
   * news already waiting for them is not sent.
   */
  async update(shopper: SignedInShopper, id: string, body: UpdateSavedSearchBody): Promise<SavedSearchView> {
    const site = await this.sites.bySlug(shopper.siteSlug);
    return this.db.transaction(async (manager) => {
      const [existing] = (await manager.query(
        `SELECT channels, email FROM saved_searches WHERE id = $1 AND shopper_id = $2 FOR UPDATE`,
        [id, shopper.shopperId],
      )) as { channels: AlertChannel[]; email: string | null }[];
      if (!existing) throw searchNotFound();
      const channels = body.paused ? [] : (body.channels ?? existing.channels);
      if (channels.includes('email') && (body.email ?? existing.email) === null) {
        throw new ProblemException({
          status: 400,
          title: 'Invalid saved search',
          detail: 'Please enter an email address for email alerts',
          errors: [{ path: 'email', message: 'Please enter an email address for email alerts' }],
        });
      }
      const target = { subject: 'saved_search', savedSearchId: id } as const;
      const dropped = existing.channels.filter((channel) => !channels.includes(channel));
      if (dropped.length > 0) {
        await withdrawConsents(manager, shopper.shopperId, target, 'watchlist', dropped);
        if (channels.length === 0) await stopWaiting(manager, shopper.shopperId, { kind: 'search', id });
      }
      const who = { shopperId: shopper.shopperId, siteId: shopper.siteId, siteName: site.name };
      await grantConsents(
        manager,
        who,
        target,
        channels.filter((channel) => !existing.channels.includes(channel)),
        'watchlist',
      );
      await manager.query(
        `UPDATE saved_searches SET name = coalesce($3, name), paused = cardinality($4::text[]) = 0, channels = $4,
                frequency = coalesce($5, frequency), email = coalesce($6, email), updated_at = now()
         WHERE id = $1 AND shopper_id = $2`,
        [id, shopper.shopperId, body.name ?? null, channels, body.frequency ?? null, body.email ?? null],
      );
      const [row] = (await manager.query(`${SELECT} WHERE s.id = $1`, [id])) as [SavedSearchRow];
      return view(row, (await liveConsentViews(manager, shopper.shopperId)).get(`search:${id}`));
    });
  }

  async remove(shopper: SignedInShopper, id: string): Promise<void> {
    const [{ n }] = (await this.db.query(
      `WITH gone AS (DELETE FROM saved_searches WHERE id = $1 AND shopper_id = $2 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      [id, shopper.shopperId],
    )) as [{ n: number }];
    if (n === 0) throw searchNotFound();
  }

  /**
   * Follows a car the site shows by the channels ticked (each a consent given where the shopper
   * ticked it): it joins the watchlist (if it was not there) with alerts on. Channels not ticked
   * this time are withdrawn.
   */
  async follow(shopper: SignedInShopper, body: FollowCarBody): Promise<{ following: true }> {
    const site = await this.sites.bySlug(shopper.siteSlug);
    if (!(await this.cars.isShown(site, body.car_id))) {
      throw notFound('Car not found', `This car (${body.car_id}) is not available on this site.`);
    }
    await this.db.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO watchlist_items (shopper_id, car_id, alert_channels, alert_frequency, alert_email, alerts_paused)
         VALUES ($1, $2, $3, $4, $5, false)
         ON CONFLICT (shopper_id, car_id) DO UPDATE SET alert_channels = EXCLUDED.alert_channels,
           alert_frequency = EXCLUDED.alert_frequency, alert_email = coalesce(EXCLUDED.alert_email, watchlist_items.alert_email),
           alerts_paused = false`,
        [shopper.shopperId, body.car_id, body.channels, body.frequency, body.email ?? null],
      );
      const target = { subject: 'car', carId: body.car_id } as const;
      const unticked = ALERT_CHANNELS.filter((channel) => !body.channels.includes(channel));
      await withdrawConsents(manager, shopper.shopperId, target, body.source, unticked);
      const who = { shopperId: shopper.shopperId, siteId: shopper.siteId, siteName: site.name };
      await grantConsents(manager, who, target, body.channels, body.source);
    });
    return { following: true };
  }

  /** Stops a car's alerts (its consents withdrawn, waiting news dropped); the car stays on the watchlist. */
  async unfollow(shopper: SignedInShopper, carId: number, source: ConsentSource): Promise<{ following: false }> {
    await this.db.transaction(async (manager) => {
      await manager.query(
        `UPDATE watchlist_items SET alerts_paused = true, alert_channels = '{}' WHERE shopper_id = $1 AND car_id = $2`,
        [shopper.shopperId, carId],
      );
      await withdrawConsents(manager, shopper.shopperId, { subject: 'car', carId }, source);
      await stopWaiting(manager, shopper.shopperId, { kind: 'car', id: carId });
    });
    return { following: false };
  }

  async following(shopper: SignedInShopper, carId: number): Promise<{ following: boolean; saved: boolean }> {
    const [row] = (await this.db.query(
      `SELECT alerts_paused FROM watchlist_items WHERE shopper_id = $1 AND car_id = $2`,
      [shopper.shopperId, carId],
    )) as { alerts_paused: boolean }[];
    return { following: row !== undefined && !row.alerts_paused, saved: row !== undefined };
  }

  /** What a token would stop, for the confirmation page; no personal data. */
  async describeUnsubscribe(siteId: number, token: string): Promise<{ kind: string; name: string; active: boolean }> {
    const target = await this.target(siteId, token);
    if (target.kind === 'search') {
      const [row] = (await this.db.query(`SELECT name, paused FROM saved_searches WHERE id = $1 AND shopper_id = $2`, [
        target.id,
        target.shopperId,
      ])) as { name: string; paused: boolean }[];
      return row
        ? { kind: 'saved_search', name: row.name, active: !row.paused }
        : { kind: 'saved_search', name: '', active: false };
    }
    if (target.kind === 'car') {
      const [row] = (await this.db.query(
        `SELECT c.year, c.make, c.model, w.alerts_paused FROM watchlist_items w JOIN cars c ON c.id = w.car_id WHERE w.shopper_id = $1 AND w.car_id = $2`,
        [target.shopperId, target.id],
      )) as { year: number; make: string; model: string; alerts_paused: boolean }[];
      return row
        ? { kind: 'car', name: `${row.year} ${row.make} ${row.model}`, active: !row.alerts_paused }
        : { kind: 'car', name: '', active: false };
    }
    return { kind: 'all', name: 'every alert', active: true };
  }

  /**
   * One-click unsubscribe: no session, the signed token says what to stop. Its consents are
   * withdrawn (source unsubscribe_link) and its news already waiting is not sent, at once. Repeating
   * it is harmless.
   */
  async unsubscribe(siteId: number, token: string): Promise<{ unsubscribed: true }> {
    const target = await this.target(siteId, token);
    await this.db.transaction(async (manager) => {
      if (target.kind === 'search' || target.kind === 'all') {
        await manager.query(
          `UPDATE saved_searches SET paused = true, channels = '{}', updated_at = now() WHERE shopper_id = $1 AND ($2::uuid IS NULL OR id = $2::uuid)`,
          [target.shopperId, target.kind === 'search' ? target.id : null],
        );
      }
      if (target.kind === 'car' || target.kind === 'all') {
        await manager.query(
          `UPDATE watchlist_items SET alerts_paused = true, alert_channels = '{}' WHERE shopper_id = $1 AND ($2::int IS NULL OR car_id = $2::int)`,
          [target.shopperId, target.kind === 'car' ? target.id : null],
        );
      }
      await withdrawConsents(
        manager,
        target.shopperId,
        target.kind === 'all'
          ? { subject: 'all' }
          : target.kind === 'search'
            ? { subject: 'saved_search', savedSearchId: target.id }
            : { subject: 'car', carId: target.id },
        'unsubscribe_link',
      );
      await stopWaiting(manager, target.shopperId, target);
    });
    return { unsubscribed: true };
  }

  private async target(siteId: number, token: string): Promise<UnsubscribeTarget> {
    const target = readUnsubscribeToken(this.env.ALERT_LINK_SECRET, token);
    const invalid = () =>
      new ProblemException({
        status: 400,
        title: 'Invalid unsubscribe link',
        detail: 'This unsubscribe link is not valid. Please use the link from your latest message.',
        errors: [{ path: 'token', message: 'Not a valid unsubscribe link' }],
      });
    if (!target) throw invalid();
    const rows = (await this.db.query(`SELECT 1 FROM shoppers WHERE id = $1 AND site_id = $2`, [
      target.shopperId,
      siteId,
    ])) as unknown[];
    // A deleted account has nothing left to stop; a token of another site is not this site's to use.
    if (rows.length === 0) throw invalid();
    return target;
  }
}

/** News already waiting for a subscription that was stopped is not sent either. */
async function stopWaiting(
  manager: EntityManager,
  shopperId: string,
  target: { kind: 'search'; id: string } | { kind: 'car'; id: number } | { kind: 'all' },
): Promise<void> {
  await manager.query(
    `UPDATE shopper_alerts SET status = 'stopped'
     WHERE shopper_id = $1 AND status IN ('pending', 'digest')
       AND ($2::text = 'all' OR ($2::text = 'search' AND saved_search_id = $3::uuid) OR ($2::text = 'car' AND saved_search_id IS NULL AND car_id = $4::int))`,
    [shopperId, target.kind, target.kind === 'search' ? target.id : null, target.kind === 'car' ? target.id : null],
  );
}
