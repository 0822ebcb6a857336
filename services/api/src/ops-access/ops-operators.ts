import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { siteOrigin } from '@platform/domain';
import { ENV } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { SignInSecrets } from '../sign-in/sign-in-secrets';

/** How long an operator's sign-in link works. */
export const OPS_LINK_TTL_MINUTES = 15;
/** Sign-in links one address may ask for per hour, known or not. */
export const OPS_LINKS_PER_ADDRESS_PER_HOUR = 5;
/** An operator's session lasts a working day: the console changes every tenant. */
export const OPS_SESSION_TTL_HOURS = 12;

export interface Operator {
  id: string;
  email: string;
  name: string;
}

export interface OpsPrincipal extends Operator {
  sessionId: string;
  csrfToken: string;
}

/**
 * Platform operators and their sign-in (issue 51): links and sessions as dealer users have, kept as
 * SHA-256 of their tokens, the CSRF token an HMAC of the session token. An operator is added by
 * another operator or with OPS_TOKEN; a disabled one can neither sign in nor use a session.
 */
@Injectable()
export class OpsOperators {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ENV) private readonly env: ApiEnv,
    private readonly secrets: SignInSecrets,
  ) {}

  get sessionTtlMs(): number {
    return OPS_SESSION_TTL_HOURS * 3_600_000;
  }

  /** The ops console's origin: OPS_HOST (a development host on WEB_PORT). */
  get origin(): string {
    return siteOrigin({ host: this.env.OPS_HOST, slug: 'ops' }, this.env.WEB_PORT);
  }

  csrfTokenFor(sessionToken: string): string {
    return createHmac('sha256', this.env.AUTH_SECRET).update(`ops-csrf\n${sessionToken}`).digest('base64url');
  }

  /** Adds an operator, or answers the existing one of that address (its name kept). */
  async add(email: string, name: string): Promise<Operator & { created: boolean }> {
    const [row] = (await this.db.query(
      `WITH added AS (INSERT INTO ops_users (email, name) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING RETURNING id, email, name)
       SELECT id, email, name, true AS created FROM added
       UNION ALL SELECT id, email, name, false AS created FROM ops_users WHERE email = $1 AND NOT EXISTS (SELECT 1 FROM added)`,
      [email, name],
    )) as (Operator & { created: boolean })[];
    return row!;
  }

  async list(): Promise<(Operator & { last_signed_in_at: string | null; disabled: boolean })[]> {
    const rows = (await this.db.query(
      `SELECT id, email, name, last_signed_in_at, disabled_at IS NOT NULL AS disabled FROM ops_users ORDER BY name, email`,
    )) as (Operator & { last_signed_in_at: Date | null; disabled: boolean })[];
    return rows.map((row) => ({ ...row, last_signed_in_at: row.last_signed_in_at?.toISOString() ?? null }));
  }

  async byEmail(email: string): Promise<Operator | null> {
    const [row] = (await this.db.query(
      `SELECT id, email, name FROM ops_users WHERE email = $1 AND disabled_at IS NULL`,
      [email],
    )) as Operator[];
    return row ?? null;
  }

  /**
   * Counts a sign-in request for an address (by its HMAC, for any address, so the limit answers
   * the same whoever asks); false once the address has asked OPS_LINKS_PER_ADDRESS_PER_HOUR times.
   */
  async countRequest(email: string): Promise<boolean> {
    const hash = createHmac('sha256', this.env.AUTH_SECRET).update(`ops-address\n${email}`).digest('hex');
    return this.db.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [hash]);
      const [recent] = (await manager.query(
        `SELECT count(*)::int AS n FROM ops_sign_in_requests WHERE address_hash = $1 AND created_at > now() - interval '1 hour'`,
        [hash],
      )) as [{ n: number }];
      if (recent.n >= OPS_LINKS_PER_ADDRESS_PER_HOUR) return false;
      await manager.query(`INSERT INTO ops_sign_in_requests (address_hash) VALUES ($1)`, [hash]);
      return true;
    });
  }

  /** A one-time sign-in URL for an operator, valid OPS_LINK_TTL_MINUTES; earlier unused links stop working. */
  async mintSignInUrl(userId: string): Promise<{ url: string; expiresAt: string }> {
    const token = this.secrets.newSessionToken();
    const [link] = await this.db.transaction(async (manager) => {
      await manager.query(
        `UPDATE ops_sign_in_links SET consumed_at = now() WHERE user_id = $1 AND consumed_at IS NULL`,
        [userId],
      );
      return (await manager.query(
        `INSERT INTO ops_sign_in_links (user_id, token_hash, expires_at)
         VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING expires_at`,
        [userId, this.secrets.sessionTokenHash(token), OPS_LINK_TTL_MINUTES],
      )) as { expires_at: Date }[];
    });
    return { url: `${this.origin}/sign-in?token=${token}`, expiresAt: link!.expires_at.toISOString() };
  }

  /** Spends a link (checked and consumed in one statement) and opens a session; null if unknown, used or expired. */
  async signInWithLink(token: string): Promise<string | null> {
    return this.db.transaction(async (manager) => {
      const [spent] = (await manager.query(
        `WITH spent AS (
           UPDATE ops_sign_in_links l SET consumed_at = now() FROM ops_users u
           WHERE l.token_hash = $1 AND l.consumed_at IS NULL AND l.expires_at > now()
             AND u.id = l.user_id AND u.disabled_at IS NULL
           RETURNING l.user_id)
         SELECT user_id FROM spent`,
        [this.secrets.sessionTokenHash(token)],
      )) as { user_id: string }[];
      if (!spent) return null;
      const sessionToken = this.secrets.newSessionToken();
      await manager.query(
        `INSERT INTO ops_sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`,
        [spent.user_id, this.secrets.sessionTokenHash(sessionToken), OPS_SESSION_TTL_HOURS],
      );
      await manager.query(`UPDATE ops_users SET last_signed_in_at = now() WHERE id = $1`, [spent.user_id]);
      return sessionToken;
    });
  }

  /** The operator a live session token belongs to, or null. */
  async principal(sessionToken: string): Promise<OpsPrincipal | null> {
    const [row] = (await this.db.query(
      `SELECT s.id AS session_id, u.id, u.email, u.name FROM ops_sessions s JOIN ops_users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.disabled_at IS NULL`,
      [this.secrets.sessionTokenHash(sessionToken)],
    )) as (Operator & { session_id: string })[];
    if (!row) return null;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      sessionId: row.session_id,
      csrfToken: this.csrfTokenFor(sessionToken),
    };
  }

  async signOut(sessionId: string): Promise<void> {
    await this.db.query(`UPDATE ops_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [sessionId]);
  }
}
