import { Inject, Injectable } from '@nestjs/common';
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ENV } from '@platform/server-kit';
import type { ApiEnv } from '../env';

/** Sign-in codes are this many digits: short enough to type from an SMS, with few tries allowed. */
export const CODE_DIGITS = 6;

/**
 * Every secret-bearing value of shopper sign-in. Numbers and codes are stored only as HMACs under
 * AUTH_SECRET: a six-digit code (or an Australian mobile) hashed plainly falls to a brute force of
 * a database dump in seconds, while the HMAC needs the secret, which is not in the database.
 */
@Injectable()
export class SignInSecrets {
  constructor(@Inject(ENV) private readonly env: ApiEnv) {}

  private hmac(purpose: string, ...parts: (string | number)[]): string {
    // The purpose and a separator keep a phone HMAC from ever equalling a code HMAC.
    return createHmac('sha256', this.env.AUTH_SECRET)
      .update([purpose, ...parts].join('\n'))
      .digest('hex');
  }

  /** Identifies a number on a site without storing it. */
  phoneHash(siteId: number, phone: string): string {
    return this.hmac('phone', siteId, phone);
  }

  /** A code bound to its site and number, so a hash copied to another row matches nothing. */
  codeHash(siteId: number, phone: string, code: string): string {
    return this.hmac('code', siteId, phone, code);
  }

  /** Compares two hex hashes in constant time, so response timing says nothing about the code. */
  sameHash(a: string, b: string): boolean {
    const left = Buffer.from(a, 'hex');
    const right = Buffer.from(b, 'hex');
    return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
  }

  newCode(): string {
    return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
  }

  /** A session token: 32 random bytes, so a plain SHA-256 is enough to store it. */
  newSessionToken(): string {
    return randomBytes(32).toString('base64url');
  }

  sessionTokenHash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}
