import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ENV } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { SignInSecrets } from './sign-in-secrets';

/**
 * Codes one number may be sent per site per hour, counted in the database so it holds across API
 * instances and client addresses: it caps what an attacker can spend on texting a victim, and the
 * guesses (SIGN_IN_MAX_ATTEMPTS per code) an attacker gets at one number.
 */
export const CODES_PER_NUMBER_PER_HOUR = 5;

/** The code address of a dealer user's email: no mobile number starts with it. */
export const dealerCodeAddress = (email: string): string => `dealer-email:${email}`;

export type IssuedCode =
  { issued: true; id: string; code: string; expiresInSeconds: number } | { issued: false; reason: 'hourly_limit' };

export type CodeCheck =
  | { valid: true }
  | { valid: false; reason: 'no_code' | 'used' | 'expired' }
  /** The limit reached, so the 429 can name it like every other one: tries per code, over the code's life. */
  | { valid: false; reason: 'too_many_attempts'; limit: number; windowSeconds: number }
  | { valid: false; reason: 'wrong_code'; attemptsLeft: number };

/**
 * Issues one-time sign-in codes and checks them. Times come from PostgreSQL so every instance
 * agrees. A code is keyed by where it was sent: a shopper's mobile, or a dealer user's email under
 * its own prefix (dealerCodeAddress), so the two can never meet; both are stored only as HMACs.
 */
@Injectable()
export class SignInCodes {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ENV) private readonly env: ApiEnv,
    private readonly secrets: SignInSecrets,
  ) {}

  /** A new code for an address (a number, or a dealer's email) on a site; earlier unused codes for it stop working. */
  async issue(siteId: number, address: string): Promise<IssuedCode> {
    const phoneHash = this.secrets.phoneHash(siteId, address);
    const code = this.secrets.newCode();
    return this.db.transaction(async (manager) => {
      // One request per number at a time, so two at once cannot both slip under the hourly limit.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [phoneHash]);
      const [recent] = (await manager.query(
        `SELECT count(*)::int AS n FROM sign_in_codes WHERE site_id = $1 AND phone_hash = $2 AND created_at > now() - interval '1 hour'`,
        [siteId, phoneHash],
      )) as [{ n: number }];
      if (recent.n >= CODES_PER_NUMBER_PER_HOUR) return { issued: false, reason: 'hourly_limit' } as const;
      // Replaced codes are marked consumed: only the newest code sent can sign in.
      await manager.query(
        `UPDATE sign_in_codes SET consumed_at = now() WHERE site_id = $1 AND phone_hash = $2 AND consumed_at IS NULL`,
        [siteId, phoneHash],
      );
      const [row] = (await manager.query(
        `INSERT INTO sign_in_codes (site_id, phone_hash, code_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING id`,
        [siteId, phoneHash, this.secrets.codeHash(siteId, address, code), this.env.SIGN_IN_CODE_TTL_SECONDS],
      )) as [{ id: string }];
      return { issued: true, id: row.id, code, expiresInSeconds: this.env.SIGN_IN_CODE_TTL_SECONDS } as const;
    });
  }

  /** Retires a code that could not be delivered, so no one can guess at a code no one has. */
  async retire(id: string): Promise<void> {
    await this.db.query(`UPDATE sign_in_codes SET consumed_at = now() WHERE id = $1 AND consumed_at IS NULL`, [id]);
  }

  /**
   * Checks a code against the newest one sent to the number, inside the caller's transaction: a
   * valid code is consumed there, together with whatever the caller does to sign the shopper in.
   * A wrong guess is counted; the caller commits it even though sign-in fails. With `canMatch`
   * false (a code that was issued but never sent anyone) every guess is a wrong one.
   */
  async check(
    manager: EntityManager,
    siteId: number,
    address: string,
    code: string,
    { canMatch = true }: { canMatch?: boolean } = {},
  ): Promise<CodeCheck> {
    const [latest] = (await manager.query(
      `SELECT id, code_hash, attempts, consumed_at IS NOT NULL AS consumed, expires_at <= now() AS expired
       FROM sign_in_codes WHERE site_id = $1 AND phone_hash = $2
       ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [siteId, this.secrets.phoneHash(siteId, address)],
    )) as { id: string; code_hash: string; attempts: number; consumed: boolean; expired: boolean }[];
    if (!latest) return { valid: false, reason: 'no_code' };
    if (latest.consumed) return { valid: false, reason: 'used' };
    const maxAttempts = this.env.SIGN_IN_MAX_ATTEMPTS;
    const tooMany = {
      valid: false,
      reason: 'too_many_attempts',
      limit: maxAttempts,
      windowSeconds: this.env.SIGN_IN_CODE_TTL_SECONDS,
    } as const;
    if (latest.attempts >= maxAttempts) return tooMany;
    if (latest.expired) return { valid: false, reason: 'expired' };
    // The hash is compared either way, so a code that can never match costs what any other does.
    const same = this.secrets.sameHash(latest.code_hash, this.secrets.codeHash(siteId, address, code));
    if (same && canMatch) {
      await manager.query(`UPDATE sign_in_codes SET consumed_at = now() WHERE id = $1`, [latest.id]);
      return { valid: true };
    }
    await manager.query(`UPDATE sign_in_codes SET attempts = attempts + 1 WHERE id = $1`, [latest.id]);
    const attemptsLeft = maxAttempts - latest.attempts - 1;
    return attemptsLeft > 0 ? { valid: false, reason: 'wrong_code', attemptsLeft } : tooMany;
  }
}
