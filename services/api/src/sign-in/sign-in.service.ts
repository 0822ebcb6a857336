import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import { displayMobile, safeRedirect } from '@platform/domain';
import { rateLimitHeaders } from '@platform/server-kit';
import { SiteDirectory } from '../sites/site-directory';
import { SessionReader } from './session-reader';
import { ShopperSessions } from './shopper-sessions';
import { CODES_PER_NUMBER_PER_HOUR, SignInCodes } from './sign-in-codes';
import { codeProblem, signInProblem, type CodeFailure } from './sign-in-problems';
import { SMS_SENDER, SmsSendError, type SmsSender } from '@platform/leads';

const SHOPPER_PHONE = { field: 'phone', noun: 'number' } as const;

type Verified = { session: { token: string; shopperId: string } } | { failure: CodeFailure };

/**
 * Shopper sign-in with a one-time SMS code. Requesting a code answers the same whether or not the
 * number has an account, so the endpoint tells no one who shops where. Numbers never reach the log.
 */
@Injectable()
export class SignInService {
  private readonly logger = new Logger(SignInService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sites: SiteDirectory,
    private readonly codes: SignInCodes,
    private readonly sessions: ShopperSessions,
    private readonly reader: SessionReader,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
  ) {}

  async requestCode(siteSlug: string, phone: string): Promise<{ status: 'sent'; expires_in_seconds: number }> {
    const site = await this.sites.bySlug(siteSlug);
    const issued = await this.codes.issue(site.id, phone);
    if (!issued.issued) {
      throw signInProblem(
        429,
        'Too many codes',
        'Too many codes have been requested for this number. Please wait an hour and try again.',
        issued.reason,
        'phone',
        // The oldest of the hour's codes leaves the window within the hour; an hour is the honest upper bound.
        rateLimitHeaders({
          policy: 'sign-in-codes-per-number',
          limit: CODES_PER_NUMBER_PER_HOUR,
          windowSeconds: 3600,
          retryAfterSeconds: 3600,
        }),
      );
    }
    const minutes = Math.round(issued.expiresInSeconds / 60);
    try {
      await this.sms.send({
        siteId: site.id,
        to: phone,
        body: `${issued.code} is your ${site.name} sign-in code. It expires in ${minutes} minutes. Never share it.`,
      });
    } catch (error) {
      if (!(error instanceof SmsSendError)) throw error;
      await this.codes.retire(issued.id);
      this.logger.warn({ siteId: site.id, err: error.message }, 'sign-in code not sent');
      throw signInProblem(
        502,
        'Code not sent',
        'We could not send the code right now. Please try again shortly.',
        'sms_failed',
      );
    }
    return { status: 'sent', expires_in_seconds: issued.expiresInSeconds };
  }

  /** Checks the code; on success opens a session and says where to go (a path on this site only). */
  async verify(
    siteSlug: string,
    input: { phone: string; code: string; redirect?: string },
  ): Promise<{ token: string; ttlMs: number; redirect: string }> {
    const site = await this.sites.bySlug(siteSlug);
    const outcome = await this.db.transaction(async (manager): Promise<Verified> => {
      const check = await this.codes.check(manager, site.id, input.phone, input.code);
      return check.valid ? { session: await this.sessions.open(manager, site.id, input.phone) } : { failure: check };
    });
    // A failed check has been committed (the wrong guess counts) before the shopper hears of it.
    if ('failure' in outcome) {
      this.logger.log({ siteId: site.id, reason: outcome.failure.reason }, 'sign-in refused');
      throw codeProblem(outcome.failure, SHOPPER_PHONE);
    }
    this.logger.log({ siteId: site.id, shopperId: outcome.session.shopperId }, 'shopper signed in');
    return { token: outcome.session.token, ttlMs: this.sessions.ttlMs, redirect: safeRedirect(input.redirect) };
  }

  /** Ends the request's session when it belongs to this site. */
  async signOut(siteSlug: string, request: Request): Promise<void> {
    const site = await this.sites.bySlug(siteSlug);
    const shopper = await this.reader.onSite(request, site.id);
    if (shopper) await this.sessions.revoke(shopper.sessionId);
  }

  async me(siteSlug: string, request: Request): Promise<{ signed_in: boolean; phone: string | null }> {
    const site = await this.sites.bySlug(siteSlug);
    const shopper = await this.reader.onSite(request, site.id);
    return shopper ? { signed_in: true, phone: displayMobile(shopper.phone) } : { signed_in: false, phone: null };
  }
}
