import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { DeliveryError } from '@platform/leads';
import { rateLimitHeaders } from '@platform/server-kit';
import { CODES_PER_NUMBER_PER_HOUR, dealerCodeAddress, SignInCodes } from '../sign-in/sign-in-codes';
import { codeProblem, signInProblem, type CodeFailure } from '../sign-in/sign-in-problems';
import { SiteDirectory, type SiteContext } from '../sites/site-directory';
import { DealerAccounts, SIGN_IN_LINK_TTL_MINUTES } from './dealer-accounts';
import { DealerMailer } from './dealer-mailer';

const DEALER_EMAIL = { field: 'email', noun: 'email address' } as const;

/**
 * How long after answering a code request its mail work starts. Starting at once let a user's
 * lookup, link and mail run while the answer was still on its way out, on the same event loop and
 * connection pool, so a busy process answered a user's address measurably later than an unknown
 * one (34 of 40 pairs in one CI run). A moment's wait keeps the answer ahead of the work; the code
 * still arrives within a second.
 */
const SEND_AFTER_MS = 200;

type SiteRef = Pick<SiteContext, 'id' | 'name'>;

/**
 * A dealer user signs in with a one-time code (or the link beside it) sent to their email, with the
 * limits shopper sign-in has: codes per address per hour, wrong guesses per code, both counted in
 * the database. A code is issued, counted and checked the same way for any address, known or not,
 * and only a dealer user's address is written to, so no answer, at any step, tells who works where
 * (issue 49: a retired code for a stranger once read 'used' where a user's read 'wrong code').
 */
@Injectable()
export class DealerSignIn implements BeforeApplicationShutdown {
  private readonly logger = new Logger(DealerSignIn.name);
  private readonly pending = new Set<Promise<void>>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sites: SiteDirectory,
    private readonly codes: SignInCodes,
    private readonly accounts: DealerAccounts,
    private readonly mailer: DealerMailer,
  ) {}

  async requestCode(
    siteSlug: string,
    email: string,
    /** The console page the emailed link opens after signing in (checked by ConsoleNextSchema). */
    next?: string,
  ): Promise<{ status: 'sent'; expires_in_seconds: number }> {
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
    // Answer first, send later: everything that depends on who the address belongs to (the user
    // lookup, the link, the mail server) happens after the answer, so neither the answer nor its
    // timing tells who works where. The code stays live for any address, so a wrong guess later
    // reads the same too (a code no one was sent can never be right: see verifyCode).
    this.later(
      new Promise<void>((resolve) => setTimeout(resolve, SEND_AFTER_MS)).then(() =>
        this.sendCode(site, email, issued, next),
      ),
    );
    return { status: 'sent', expires_in_seconds: issued.expiresInSeconds };
  }

  /** Settles once every code accepted so far has been mailed or given up on (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.idle();
  }

  private later(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) =>
        // No address in the log: only that a code went unsent, and why.
        this.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'dealer sign-in code not sent',
        ),
      )
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /**
   * Mails the code (and a one-time link) to a dealer user of the site; for any other address there
   * is no one to write to. A mail server that refuses it leaves the code unsent: the user asks
   * again, as they would for a message that never arrived.
   */
  private async sendCode(
    site: SiteRef,
    email: string,
    issued: { code: string; expiresInSeconds: number },
    next?: string,
  ): Promise<void> {
    const user = await this.accounts.userByEmail(this.db.manager, site.id, email);
    if (!user) return;
    const link = await this.accounts.mintSignInLink(user.id, { userId: user.id, label: email });
    const minutes = Math.round(issued.expiresInSeconds / 60);
    const url = link ? await this.accounts.signInUrl(link.siteId, link.token, next) : null;
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
      this.logger.warn({ siteId: site.id, err: error.message }, 'dealer sign-in code not sent');
    }
  }

  /** Checks the code; on success opens a console session and answers its token. */
  async verifyCode(siteSlug: string, email: string, code: string): Promise<{ sessionToken: string; userId: string }> {
    const site = await this.sites.bySlug(siteSlug);
    const outcome = await this.db.transaction(
      async (manager): Promise<{ sessionToken: string; userId: string } | { failure: CodeFailure }> => {
        const user = await this.accounts.userByEmail(manager, site.id, email);
        // A code reaches only a dealer user's inbox: for anyone else it was never sent, so even the
        // right digits are a wrong guess, counted and answered as one.
        const check = await this.codes.check(manager, site.id, dealerCodeAddress(email), code, { canMatch: !!user });
        if (!check.valid) return { failure: check };
        if (!user) throw new Error('a code matched for an address no code was sent to');
        return { sessionToken: await this.accounts.openSession(manager, user.id), userId: user.id };
      },
    );
    // A failed check is committed (the wrong guess counts) before the answer.
    if ('failure' in outcome) throw codeProblem(outcome.failure, DEALER_EMAIL);
    this.logger.log({ siteId: site.id, dealerUserId: outcome.userId }, 'dealer user signed in');
    return outcome;
  }
}
