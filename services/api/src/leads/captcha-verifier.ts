import { Inject, Injectable, Logger } from '@nestjs/common';
import type { SiteConfig } from '@platform/domain';
import { ENV } from '@platform/server-kit';
import type { ApiEnv } from '../env';

/** verified: the provider accepted the token; refused: it did not (the shopper must try again); unverified: it could not be asked. */
export type CaptchaOutcome = 'verified' | 'refused' | 'unverified' | 'not_required';

/** The captcha check of a form; the provider (outside the platform) is named by the site's forms.captcha_provider. */
export interface CaptchaVerifier {
  verify(
    provider: SiteConfig['forms']['captcha_provider'],
    token: string | undefined,
    remoteIp: string | undefined,
  ): Promise<CaptchaOutcome>;
}
export const CAPTCHA_VERIFIER = Symbol('CAPTCHA_VERIFIER');

const VERIFY_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

/**
 * Asks reCAPTCHA or Turnstile (both take secret, response and remoteip as a form post and answer
 * { success }). A site with provider 'none' needs no token. When the provider cannot be asked (no
 * secret configured, network down) the lead is kept and marked unverified: a dealer would rather
 * read one spam lead than lose a real one to an outage.
 */
@Injectable()
export class HttpCaptchaVerifier implements CaptchaVerifier {
  private readonly logger = new Logger('Captcha');

  constructor(@Inject(ENV) private readonly env: ApiEnv) {}

  async verify(
    provider: SiteConfig['forms']['captcha_provider'],
    token: string | undefined,
    remoteIp: string | undefined,
  ): Promise<CaptchaOutcome> {
    if (provider === 'none') return 'not_required';
    if (!token) return 'refused';
    const secret = provider === 'recaptcha' ? this.env.RECAPTCHA_SECRET : this.env.TURNSTILE_SECRET;
    if (!secret) {
      this.logger.warn({ provider }, 'captcha secret not configured; lead kept unverified');
      return 'unverified';
    }
    const form = new URLSearchParams({ secret, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) });
    try {
      const response = await fetch(this.env.CAPTCHA_VERIFY_URL ?? VERIFY_URLS[provider], {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const answer = (await response.json()) as { success?: unknown };
      return answer.success === true ? 'verified' : 'refused';
    } catch (error) {
      this.logger.warn(
        { provider, err: (error as Error).message },
        'captcha provider unreachable; lead kept unverified',
      );
      return 'unverified';
    }
  }
}
