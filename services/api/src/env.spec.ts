import { ApiEnvSchema } from './env';

const BASE = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', REDIS_URL: 'redis://127.0.0.1:6379' };
const PRODUCTION = { ...BASE, NODE_ENV: 'production', OPS_TOKEN: 'o'.repeat(32), AUTH_SECRET: 'a'.repeat(64), SMS_GATEWAY_URL: 'https://sms.example.com/send' };

describe('ApiEnvSchema in production', () => {
  it('accepts a complete production environment', () => {
    expect(ApiEnvSchema.safeParse(PRODUCTION).success).toBe(true);
  });

  it.each([
    ['OPS_TOKEN', 'the ops API and queue dashboard must not run unprotected'],
    ['AUTH_SECRET', 'must not rest on a published value'],
    ['SMS_GATEWAY_URL', 'no shopper could sign in'],
  ])('refuses to start without %s, saying why', (name, why) => {
    const env: Record<string, string> = { ...PRODUCTION };
    delete env[name];
    const result = ApiEnvSchema.safeParse(env);
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([expect.objectContaining({ path: [name], message: expect.stringContaining(why) })]);
  });

  it('lets development run without them (codes go to sms_messages)', () => {
    expect(ApiEnvSchema.safeParse(BASE).success).toBe(true);
  });
});
