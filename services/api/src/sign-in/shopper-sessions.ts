import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ENV } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { SignInSecrets } from './sign-in-secrets';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Opens and ends shopper sessions. The token goes to the browser once; the database keeps its hash. */
@Injectable()
export class ShopperSessions {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ENV) private readonly env: ApiEnv,
    private readonly secrets: SignInSecrets,
  ) {}

  /** How long the session (and its cookie) lasts. */
  get ttlMs(): number {
    return this.env.SESSION_TTL_DAYS * DAY_MS;
  }

  /**
   * Signs a verified number in on a site: the shopper is created on first sign-in, then a session
   * is opened. Runs in the caller's transaction, with the code being consumed.
   */
  async open(manager: EntityManager, siteId: number, phone: string): Promise<{ token: string; shopperId: string }> {
    const [shopper] = (await manager.query(
      `INSERT INTO shoppers (site_id, phone, last_signed_in_at) VALUES ($1, $2, now())
       ON CONFLICT (site_id, phone) DO UPDATE SET last_signed_in_at = now() RETURNING id`,
      [siteId, phone],
    )) as [{ id: string }];
    const token = this.secrets.newSessionToken();
    await manager.query(
      `INSERT INTO shopper_sessions (shopper_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
      [shopper.id, this.secrets.sessionTokenHash(token), this.env.SESSION_TTL_DAYS],
    );
    return { token, shopperId: shopper.id };
  }

  /** Ends a session: its cookie signs no one in from now on. */
  async revoke(sessionId: string): Promise<void> {
    await this.db.query(`UPDATE shopper_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [
      sessionId,
    ]);
  }
}
