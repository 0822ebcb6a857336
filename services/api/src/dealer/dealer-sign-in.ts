import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { DeliveryError } from '@platform/leads';
import { rateLimitHeaders } from '@platform/server-kit';
import { CODES_PER_NUMBER_PER_HOUR, dealerCodeAddress, SignInCodes } from '../sign-in/sign-in-codes';
import { codeProblem, signInProblem, type CodeFailure } from '../sign-in/sign-in-problems';
import { SiteDirectory } from '../sites/site-directory';
import { DealerAccounts, SIGN_IN_LINK_TTL_MINUTES } from './dealer-accounts';
import { DealerMailer } from './dealer-mailer';

const DEALER_EMAIL = { field: 'email', noun: 'email address' } as const;

/**
 * A dealer user signs in with a one-time code (or the link beside it) sent to their email, with the
 * limits shopper sign-in has: codes per address per hour, wrong guesses per code, both counted in
 * the database. A code is issued and counted for any address, known or not, and only a dealer
 * user's address is written to, so the answer never tells who works where.
 */
@Injectable()
export class DealerSignIn {
  private readonly logger = new Logger(DealerSignIn.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sites: SiteDirectory,
    private readonly codes: SignInCodes,
    private readonly accounts: DealerAccounts,
    private readonly mailer: DealerMailer,
  ) {}

  async requestCode(siteSlug: string, email: string): Promise<{ status: 'sent'; expires_in_seconds: number }> {
    const site = await this.sites.bySlug(siteSlug);
    const issued = await this.codes.issue(site.id, dealerCodeAddress(email));
    if (!issued.issued)
      throw signInProblem(
        429,
        'Too many codes',
        'Too many codes have been requested for this email address. Please wait an hour and try again.',
        issued.reason,
        'email',
        rateLimitHeaders({
          policy: 'dealer-sign-in-codes-per-address',
          limit: CODES_PER_NUMBER_PER_HOUR,
          windowSeconds: 3600,
          retryAfterSeconds: 3600,
        }),
      );
    const sent = { status: 'sent', expires_in_seconds: issued.expiresInSeconds } as const;
    const user = await this.accounts.userByEmail(this.db.manager, site.id, email);
    if (!user) {
      await this.codes.retire(issued.id);
      return sent;
    }
    const link = await this.accounts.mintSignInLink(user.id, { userId: user.id, label: email });
    const minutes = Math.round(issued.expiresInSeconds / 60);
    const url = link ? await this.accounts.signInUrl(link.siteId, link.token) : null;
    try {
      await this.mailer.send({
        deliveryId: randomUUID(),
        leadId: null,
        to: [email],
        fromName: site.name,
        subject: `Your ${site.name} dealer console sign-in code`,
        text: [
          `Hello ${user.name},`,
          '',
          `${issued.code} is your ${site.name} dealer console sign-in code. It expires in ${minutes} minutes.`,
          ...(url ? ['', `Or open this link within ${SIGN_IN_LINK_TTL_MINUTES} minutes to sign in:`, url] : []),
          '',
          'Never share this code. If you did not ask to sign in, ignore this email.',
        ].join('\n'),
      });
    } catch (error) {
      if (!(error instanceof DeliveryError)) throw error;
      await this.codes.retire(issued.id);
      this.logger.warn({ siteId: site.id, err: error.message }, 'dealer sign-in code not sent');
      throw signInProblem(
        502,
        'Code not sent',
        'We could not send the code right now. Please try again shortly.',
        'mail_failed',
      );
    }
    return sent;
  }

  /** Checks the code; on success opens a console session and answers its token. */
  async verifyCode(siteSlug: string, email: string, code: string): Promise<{ sessionToken: string; userId: string }> {
    const site = await this.sites.bySlug(siteSlug);
    const outcome = await this.db.transaction(
      async (manager): Promise<{ sessionToken: string; userId: string } | { failure: CodeFailure }> => {
        const check = await this.codes.check(manager, site.id, dealerCodeAddress(email), code);
        if (!check.valid) return { failure: check };
        // A code reaches only a dealer user's inbox; one that checks out for anyone else was never sent.
        const user = await this.accounts.userByEmail(manager, site.id, email);
        if (!user) return { failure: { valid: false, reason: 'no_code' } };
        return { sessionToken: await this.accounts.openSession(manager, user.id), userId: user.id };
      },
    );
    // A failed check is committed (the wrong guess counts) before the answer.
    if ('failure' in outcome) throw codeProblem(outcome.failure, DEALER_EMAIL);
    this.logger.log({ siteId: site.id, dealerUserId: outcome.userId }, 'dealer user signed in');
    return outcome;
  }
}
