import { ApiEnvSchema } from './env';

const BASE = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', REDIS_URL: 'redis://127.0.0.1:6379' };
const PRODUCTION = {
  ...BASE,
  NODE_ENV: 'production',
  OPS_TOKEN: 'o'.repeat(32),
  AUTH_SECRET: 'a'.repeat(64),
  ALERT_LINK_SECRET: 'l'.repeat(64),
  SMS_GATEWAY_URL: 'https://sms.example.com/send',
  SMTP_URL: 'smtps://user:password@smtp.example.com:465',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
};

describe('ApiEnvSchema in production', () => {
  it('accepts a complete production environment', () => {
    expect(ApiEnvSchema.safeParse(PRODUCTION).success).toBe(true);
  });

  it.each([
    ['OPS_TOKEN', 'the ops API and queue dashboard must not run unprotected'],
    ['AUTH_SECRET', 'must not rest on a published value'],
    ['ALERT_LINK_SECRET', 'unsubscribe links must not rest on a published value'],
    ['SMS_GATEWAY_URL', 'no shopper could sign in'],
    ['SMTP_URL', 'no dealer could sign in'],
  ])('refuses to start without %s, saying why', (name, why) => {
    const env: Record<string, string> = { ...PRODUCTION };
    delete env[name];
    const result = ApiEnvSchema.safeParse(env);
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: [name], message: expect.stringContaining(why) }),
    ]);
  });

  it('refuses to start without Stripe, saying why', () => {
    const env: Record<string, string> = { ...PRODUCTION };
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY']) delete env[name];
    expect(ApiEnvSchema.safeParse(env).error!.issues).toEqual([
      expect.objectContaining({ path: ['STRIPE_SECRET_KEY'], message: expect.stringContaining('never moves money') }),
    ]);
  });

  it('refuses a partial Stripe configuration: a payment it takes must be confirmed by its webhook', () => {
    const result = ApiEnvSchema.safeParse({ ...BASE, STRIPE_SECRET_KEY: 'sk_test_x' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({
      path: ['STRIPE_SECRET_KEY'],
      message: expect.stringContaining('together'),
    });
  });

  it('lets development run without them (codes go to sms_messages)', () => {
    expect(ApiEnvSchema.safeParse(BASE).success).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  const parse = (value?: string) =>
    ApiEnvSchema.safeParse(value === undefined ? BASE : { ...BASE, TRUST_PROXY: value });

  it.each([
    [undefined, 'loopback'],
    ['loopback', 'loopback'],
    ['10.0.0.0/8, loopback', '10.0.0.0/8, loopback'],
    ['fd00::/8', 'fd00::/8'],
    ['2', 2],
  ])('%s trusts %s', (value, trusted) => {
    expect(parse(value).data?.TRUST_PROXY).toEqual(trusted);
  });

  it.each(['true', 'TRUE', 'false', '10.0.0.1; rm', ''])('refuses %j, naming the variable', (value) => {
    const result = parse(value);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toEqual(expect.objectContaining({ path: ['TRUST_PROXY'] }));
  });
});

describe('API_BIND_HOST', () => {
  it('is unset by default: the api listens on every interface, as the web tier reaches it from its own host', () => {
    expect(ApiEnvSchema.parse(BASE).API_BIND_HOST).toBeUndefined();
  });

  it.each(['127.0.0.1', '::1', '10.0.0.5', 'api.internal'])('takes %s', (host) => {
    expect(ApiEnvSchema.parse({ ...BASE, API_BIND_HOST: host }).API_BIND_HOST).toBe(host);
  });

  it('refuses something that is no address', () => {
    expect(ApiEnvSchema.safeParse({ ...BASE, API_BIND_HOST: 'not a host' }).success).toBe(false);
  });
});
