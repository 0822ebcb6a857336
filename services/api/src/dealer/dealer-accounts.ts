import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { siteOrigin, type DealerRole } from '@platform/domain';
import { ENV } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { SignInSecrets } from '../sign-in/sign-in-secrets';
import { recordDealerAudit } from '@platform/leads';
import type { DealerUserInput } from './dealer.schemas';

/**
 * One change to a dealership's users at a time (held to the end of the transaction), so two owners
 * demoting or removing each other at once cannot both pass the check that keeps an owner.
 */
export async function lockDealershipUsers(manager: EntityManager, dealershipId: number): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('dealer-users', $1))`, [dealershipId]);
}

/** How long an ops-minted sign-in link works, and that it works once. */
export const SIGN_IN_LINK_TTL_MINUTES = 15;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Membership {
  dealershipId: number;
  slug: string;
  name: string;
  role: DealerRole;
}

/** A signed-in dealer user, as every console endpoint sees them. */
export interface DealerPrincipal {
  userId: string;
  sessionId: string;
  siteId: number;
  siteSlug: string;
  email: string;
  name: string;
  memberships: Membership[];
  csrfToken: string;
}

/** Who made a change, for the audit log: a dealer user (named from dealer_users), or ops. */
export interface AuditActor {
  userId: string | null;
  /** Shown when no user is named: 'ops', or the address a sign-in was asked for. */
  label: string;
}

export const OPS_ACTOR: AuditActor = { userId: null, label: 'ops' };

export type AddedUser = {
  id: string;
  email: string;
  name: string;
  site: string;
  dealerships: { slug: string; role: DealerRole }[];
  /** What adding them did: a new member, another role for a member, or nothing (already a member with that role). */
  outcome: 'added' | 'role_changed' | 'unchanged';
};

/**
 * Dealer users, their memberships, sign-in links and sessions. Tokens reach a browser once; the
 * database keeps their SHA-256. The CSRF token is an HMAC of the session token under AUTH_SECRET,
 * so it needs no storage and is worthless without the session cookie it belongs to.
 */
@Injectable()
export class DealerAccounts {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ENV) private readonly env: ApiEnv,
    private readonly secrets: SignInSecrets,
  ) {}

  get sessionTtlMs(): number {
    return this.env.SESSION_TTL_DAYS * DAY_MS;
  }

  csrfTokenFor(sessionToken: string): string {
    return createHmac('sha256', this.env.AUTH_SECRET).update(`dealer-csrf\n${sessionToken}`).digest('base64url');
  }

  /**
   * Adds a user to a dealership with a role: a new user on the dealership's site, or the site's
   * existing user of that email gains the dealership (or a new role in it), keeping their name. Null for an unknown
   * dealership. The change is in the dealership's audit log under `actor`.
   */
  async addUser(
    dealershipSlug: string,
    input: DealerUserInput,
    actor: AuditActor,
    /** Checked under the dealership's users lock, before anything changes (keeping an owner). */
    check?: (manager: EntityManager, dealershipId: number) => Promise<void>,
    /** A transaction to make the change in (onboarding's, all or nothing); its own otherwise. */
    within: EntityManager = this.db.manager,
  ): Promise<AddedUser | null> {
    return within.transaction(async (manager) => {
      const [dealership] = (await manager.query(
        `SELECT d.id, d.site_id, s.slug AS site_slug FROM dealerships d JOIN sites s ON s.id = d.site_id WHERE d.slug = $1`,
        [dealershipSlug],
      )) as { id: number; site_id: number; site_slug: string }[];
      if (!dealership) return null;
      await lockDealershipUsers(manager, dealership.id);
      await check?.(manager, dealership.id);
      const [user] = (await manager.query(
        // The user row is the site's, shared by every dealership they work at: adding them to one
        // never renames them (an owner of another dealership would rename them everywhere). The
        // no-op update only makes RETURNING answer the existing row.
        `INSERT INTO dealer_users (site_id, email, name) VALUES ($1, $2, $3)
         ON CONFLICT (site_id, email) DO UPDATE SET email = dealer_users.email RETURNING id, email, name`,
        [dealership.site_id, input.email, input.name],
      )) as { id: string; email: string; name: string }[];
      const [before] = (await manager.query(
        `SELECT role FROM dealer_memberships WHERE user_id = $1 AND dealership_id = $2 FOR UPDATE`,
        [user!.id, dealership.id],
      )) as { role: DealerRole }[];
      await manager.query(
        `INSERT INTO dealer_memberships (user_id, dealership_id, role) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, dealership_id) DO UPDATE SET role = excluded.role`,
        [user!.id, dealership.id, input.role],
      );
      // A member given another role is a change of role in the log, with the role they had; a member
      // added again with the role they hold changed nothing, so the log says nothing.
      const outcome = before === undefined ? 'added' : before.role !== input.role ? 'role_changed' : 'unchanged';
      if (outcome !== 'unchanged')
        await this.audit(
          manager,
          dealership.id,
          actor,
          outcome === 'role_changed' ? 'user.role_changed' : 'user.added',
          {
            user_id: user!.id,
            email: user!.email,
            ...(before && outcome === 'role_changed' ? { from: before.role } : {}),
            role: input.role,
          },
        );
      const dealerships = (await manager.query(
        `SELECT d.slug, m.role FROM dealer_memberships m JOIN dealerships d ON d.id = m.dealership_id
         WHERE m.user_id = $1 ORDER BY d.slug`,
        [user!.id],
      )) as { slug: string; role: DealerRole }[];
      return { ...user!, site: dealership.site_slug, dealerships, outcome };
    });
  }

  /** A single-use sign-in link's token for a user, valid SIGN_IN_LINK_TTL_MINUTES; null for an unknown user. */
  async mintSignInLink(
    userId: string,
    actor: AuditActor,
    /** A transaction to mint it in (onboarding's, all or nothing); its own otherwise. */
    within: EntityManager = this.db.manager,
  ): Promise<{ token: string; siteId: number; expiresAt: Date } | null> {
    return within.transaction(async (manager) => {
      const [user] = (await manager.query(`SELECT id, site_id FROM dealer_users WHERE id = $1`, [userId])) as {
        id: string;
        site_id: number;
      }[];
      if (!user) return null;
      const token = this.secrets.newSessionToken();
      const [link] = (await manager.query(
        `INSERT INTO dealer_sign_in_links (user_id, token_hash, expires_at)
         VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING expires_at`,
        [user.id, this.secrets.sessionTokenHash(token), SIGN_IN_LINK_TTL_MINUTES],
      )) as { expires_at: Date }[];
      const memberships = (await manager.query(`SELECT dealership_id FROM dealer_memberships WHERE user_id = $1`, [
        user.id,
      ])) as { dealership_id: number }[];
      for (const { dealership_id } of memberships) {
        await this.audit(manager, dealership_id, actor, 'user.sign_in_link_issued', { user_id: user.id });
      }
      return { token, siteId: user.site_id, expiresAt: link!.expires_at };
    });
  }

  /**
   * Spends a sign-in link on the site it was issued for and opens a session: the link's row is
   * consumed in the same statement that checks it, so two uses at once cannot both sign in.
   * Null when the link is unknown, used, expired, or (with `siteSlug`) for another site.
   */
  async signInWithLink(
    siteSlug: string | null,
    token: string,
  ): Promise<{ sessionToken: string; userId: string } | null> {
    return this.db.transaction(async (manager) => {
      const [spent] = (await manager.query(
        // Through a CTE: TypeORM answers a bare UPDATE ... RETURNING with [rows, count].
        `WITH spent AS (
           UPDATE dealer_sign_in_links l SET consumed_at = now()
           FROM dealer_users u JOIN sites site ON site.id = u.site_id
           WHERE l.token_hash = $1 AND l.consumed_at IS NULL AND l.expires_at > now()
             AND u.id = l.user_id AND ($2::text IS NULL OR site.slug = $2::text)
           RETURNING l.user_id)
         SELECT user_id FROM spent`,
        [this.secrets.sessionTokenHash(token), siteSlug],
      )) as { user_id: string }[];
      if (!spent) return null;
      return { sessionToken: await this.openSession(manager, spent.user_id), userId: spent.user_id };
    });
  }

  /** A new session of the user, inside the caller's transaction: its token, for the cookie. */
  async openSession(manager: EntityManager, userId: string): Promise<string> {
    const sessionToken = this.secrets.newSessionToken();
    await manager.query(
      `INSERT INTO dealer_sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
      [userId, this.secrets.sessionTokenHash(sessionToken), this.env.SESSION_TTL_DAYS],
    );
    await manager.query(`UPDATE dealer_users SET last_signed_in_at = now() WHERE id = $1`, [userId]);
    return sessionToken;
  }

  /** The site's dealer user of this email who belongs to at least one dealership, if any. */
  async userByEmail(
    manager: EntityManager,
    siteId: number,
    email: string,
  ): Promise<{ id: string; name: string } | null> {
    const [user] = (await manager.query(
      `SELECT u.id, u.name FROM dealer_users u
       WHERE u.site_id = $1 AND u.email = $2 AND EXISTS (SELECT 1 FROM dealer_memberships m WHERE m.user_id = u.id)`,
      [siteId, email],
    )) as { id: string; name: string }[];
    return user ?? null;
  }

  /** The address a site's console is reached at: its public origin (a development host on WEB_PORT). */
  async siteOrigin(siteId: number): Promise<string> {
    const [site] = (await this.db.query(
      `SELECT h.host, s.slug FROM sites s LEFT JOIN site_hosts h ON h.site_id = s.id WHERE s.id = $1
       ORDER BY h."primary" DESC NULLS LAST, h.host LIMIT 1`,
      [siteId],
    )) as { host: string | null; slug: string }[];
    if (!site) throw new Error(`Site ${siteId} does not exist`);
    return siteOrigin(site, this.env.WEB_PORT);
  }

  /** The one-time sign-in address of a link token, on the user's site. */
  async signInUrl(siteId: number, token: string, next?: string): Promise<string> {
    const query = new URLSearchParams({ token, ...(next ? { next } : {}) });
    return `${await this.siteOrigin(siteId)}/dealer/sign-in?${query.toString()}`;
  }

  /**
   * The user a live session token belongs to (on `siteSlug`'s site when given), with their
   * memberships; null otherwise.
   */
  async principal(siteSlug: string | null, sessionToken: string): Promise<DealerPrincipal | null> {
    const [row] = (await this.db.query(
      `SELECT s.id AS session_id, u.id AS user_id, u.email, u.name, u.site_id, site.slug AS site_slug
       FROM dealer_sessions s JOIN dealer_users u ON u.id = s.user_id JOIN sites site ON site.id = u.site_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND ($2::text IS NULL OR site.slug = $2::text)`,
      [this.secrets.sessionTokenHash(sessionToken), siteSlug],
    )) as { session_id: string; user_id: string; email: string; name: string; site_id: number; site_slug: string }[];
    if (!row) return null;
    const memberships = (await this.db.query(
      `SELECT d.id AS "dealershipId", d.slug, d.name, m.role FROM dealer_memberships m
       JOIN dealerships d ON d.id = m.dealership_id WHERE m.user_id = $1 AND d.site_id = $2 ORDER BY d.position, d.name`,
      [row.user_id, row.site_id],
    )) as Membership[];
    return {
      userId: row.user_id,
      sessionId: row.session_id,
      siteId: row.site_id,
      siteSlug: row.site_slug,
      email: row.email,
      name: row.name,
      memberships,
      csrfToken: this.csrfTokenFor(sessionToken),
    };
  }

  async signOut(sessionId: string): Promise<void> {
    await this.db.query(`UPDATE dealer_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [
      sessionId,
    ]);
  }

  /** Records a change in a dealership's audit log, inside the transaction that makes it. */
  async audit(
    manager: EntityManager,
    dealershipId: number,
    actor: AuditActor,
    action: string,
    detail: Record<string, unknown> & { user_id: string },
  ): Promise<void> {
    await recordDealerAudit(manager, {
      dealershipId,
      userId: actor.userId,
      actor: actor.label,
      action,
      subject: { type: 'dealer_user', id: detail.user_id },
      detail,
    });
  }
}
