import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import { readSessionToken } from './session-cookie';
import { SignInSecrets } from './sign-in-secrets';

/** The shopper a request is signed in as. */
export interface SignedInShopper {
  sessionId: string;
  shopperId: string;
  siteId: number;
  siteSlug: string;
  /** E.164. */
  phone: string;
}

/**
 * Resolves the dp_session cookie to its shopper: a live session (not revoked, not expired) of a
 * shopper of some site. Which site the request is for is the caller's to check: a session belongs
 * to one site only.
 */
@Injectable()
export class SessionReader {
  // One lookup per request however many guards and handlers ask.
  private readonly seen = new WeakMap<Request, Promise<SignedInShopper | null>>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly secrets: SignInSecrets,
  ) {}

  current(request: Request): Promise<SignedInShopper | null> {
    let found = this.seen.get(request);
    if (!found) {
      found = this.lookup(readSessionToken(request));
      this.seen.set(request, found);
    }
    return found;
  }

  /** The shopper when the request is signed in on the given site; a session of another site reads as signed out. */
  async onSite(request: Request, siteId: number): Promise<SignedInShopper | null> {
    const shopper = await this.current(request);
    return shopper?.siteId === siteId ? shopper : null;
  }

  private async lookup(token: string | null): Promise<SignedInShopper | null> {
    if (token === null) return null;
    const [row] = (await this.db.query(
      `SELECT s.id AS session_id, sh.id AS shopper_id, sh.site_id, si.slug AS site_slug, sh.phone
       FROM shopper_sessions s
       JOIN shoppers sh ON sh.id = s.shopper_id
       JOIN sites si ON si.id = sh.site_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [this.secrets.sessionTokenHash(token)],
    )) as { session_id: string; shopper_id: string; site_id: number; site_slug: string; phone: string }[];
    return row
      ? {
          sessionId: row.session_id,
          shopperId: row.shopper_id,
          siteId: row.site_id,
          siteSlug: row.site_slug,
          phone: row.phone,
        }
      : null;
  }
}
