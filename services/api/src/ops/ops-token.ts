import { createHash, timingSafeEqual } from 'node:crypto';
import { ProblemException } from '@platform/server-kit';

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** Compares a presented token with OPS_TOKEN in constant time (hashing first evens the lengths). */
export function opsTokenMatches(expected: string, presented: string | undefined): boolean {
  return presented !== undefined && timingSafeEqual(digest(expected), digest(presented));
}

export const opsDisabled = (): ProblemException =>
  new ProblemException({
    status: 503,
    title: 'Ops API disabled',
    detail: 'OPS_TOKEN is not set on the api. Set it (npm start writes one to .env) and restart.',
  });

export const opsUnauthorized = (): ProblemException =>
  new ProblemException({
    status: 401,
    title: 'Ops token required',
    detail: "Send 'Authorization: Bearer <OPS_TOKEN>'.",
  });
