import { siteRefFixture } from '../../test/fixtures';
import { createHostResolver, type SiteRef } from './host-resolver';

const werribee: SiteRef = siteRefFixture('werribee-isuzu-ute', 'Werribee Isuzu UTE');

function setup(answers: Record<string, SiteRef | null>, options: { ttlMs?: number; maxEntries?: number } = {}) {
  let clock = 1_000;
  const lookup = jest.fn(async (hostname: string) => {
    if (!(hostname in answers)) throw new Error(`API down for ${hostname}`);
    return answers[hostname] ?? null;
  });
  const resolver = createHostResolver(lookup, { ...options, now: () => clock });
  return { resolver, lookup, advance: (ms: number) => (clock += ms) };
}

describe('createHostResolver', () => {
  it('asks once and answers from memory within the time to live', async () => {
    const { resolver, lookup, advance } = setup({ 'werribee-isuzu-ute.localhost': werribee });
    await expect(resolver.resolve('werribee-isuzu-ute.localhost')).resolves.toEqual(werribee);
    advance(29_999);
    await expect(resolver.resolve('werribee-isuzu-ute.localhost')).resolves.toEqual(werribee);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('asks again once the 30 s time to live has passed', async () => {
    const { resolver, lookup, advance } = setup({ 'werribee-isuzu-ute.localhost': werribee });
    await resolver.resolve('werribee-isuzu-ute.localhost');
    advance(30_000);
    await resolver.resolve('werribee-isuzu-ute.localhost');
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('remembers that a host has no site', async () => {
    const { resolver, lookup } = setup({ 'unknown.localhost': null });
    await expect(resolver.resolve('unknown.localhost')).resolves.toBeNull();
    await expect(resolver.resolve('unknown.localhost')).resolves.toBeNull();
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('does not remember failures, so the next request asks again', async () => {
    const { resolver, lookup } = setup({});
    await expect(resolver.resolve('werribee-isuzu-ute.localhost')).rejects.toThrow('API down');
    await expect(resolver.resolve('werribee-isuzu-ute.localhost')).rejects.toThrow('API down');
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('shares one request between concurrent lookups of a host', async () => {
    const { resolver, lookup } = setup({ 'werribee-isuzu-ute.localhost': werribee });
    const answers = await Promise.all([1, 2, 3].map(() => resolver.resolve('werribee-isuzu-ute.localhost')));
    expect(answers).toEqual([werribee, werribee, werribee]);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('keeps at most maxEntries answers, dropping the oldest first', async () => {
    const { resolver, lookup } = setup(
      { 'a.localhost': null, 'b.localhost': null, 'c.localhost': null },
      { maxEntries: 2 },
    );
    await resolver.resolve('a.localhost');
    await resolver.resolve('b.localhost');
    await resolver.resolve('c.localhost');
    await resolver.resolve('c.localhost');
    await resolver.resolve('b.localhost');
    expect(lookup).toHaveBeenCalledTimes(3);
    await resolver.resolve('a.localhost');
    expect(lookup).toHaveBeenCalledTimes(4);
  });

  it('forgets everything on clear()', async () => {
    const { resolver, lookup } = setup({ 'werribee-isuzu-ute.localhost': werribee });
    await resolver.resolve('werribee-isuzu-ute.localhost');
    resolver.clear();
    await resolver.resolve('werribee-isuzu-ute.localhost');
    expect(lookup).toHaveBeenCalledTimes(2);
  });
});

describe('createHostResolver following the configuration version', () => {
  function versioned(answers: Record<string, SiteRef | null>) {
    let clock = 1_000;
    let version: string | Error = '7';
    const lookup = jest.fn(async (hostname: string) => answers[hostname] ?? null);
    const readVersion = jest.fn(async () => {
      if (version instanceof Error) throw version;
      return version;
    });
    const resolver = createHostResolver(lookup, {
      ttlMs: 300_000,
      version: readVersion,
      checkEveryMs: 1_000,
      now: () => clock,
    });
    return {
      resolver,
      lookup,
      readVersion,
      answers,
      advance: (ms: number) => (clock += ms),
      bump: (next: string | Error) => (version = next),
    };
  }

  it('sees a removed host within one version poll (not after the old 30 s)', async () => {
    const t = versioned({ 'www.dealer.com.au': werribee });
    await expect(t.resolver.resolve('www.dealer.com.au')).resolves.toEqual(werribee);
    // Ops remove the host: the triggers move the version.
    t.answers['www.dealer.com.au'] = null;
    t.bump('8');
    t.advance(1_000);
    await expect(t.resolver.resolve('www.dealer.com.au')).resolves.toBeNull();
  });

  it('sees a newly verified host within one version poll', async () => {
    const t = versioned({ 'www.dealer.com.au': null });
    await expect(t.resolver.resolve('www.dealer.com.au')).resolves.toBeNull();
    t.answers['www.dealer.com.au'] = werribee;
    t.bump('8');
    t.advance(1_000);
    await expect(t.resolver.resolve('www.dealer.com.au')).resolves.toEqual(werribee);
  });

  it('keeps its answers while the version stands, reading the version at most once per poll', async () => {
    const t = versioned({ 'www.dealer.com.au': werribee });
    await t.resolver.resolve('www.dealer.com.au');
    for (let i = 0; i < 10; i += 1) await t.resolver.resolve('www.dealer.com.au');
    expect(t.readVersion).toHaveBeenCalledTimes(1);
    t.advance(60_000);
    await t.resolver.resolve('www.dealer.com.au');
    expect(t.readVersion).toHaveBeenCalledTimes(2);
    expect(t.lookup).toHaveBeenCalledTimes(1);
  });

  it('falls back to the time to live when the version cannot be read, and never fails a lookup for it', async () => {
    const t = versioned({ 'www.dealer.com.au': werribee });
    await t.resolver.resolve('www.dealer.com.au');
    t.bump(new Error('api down'));
    t.advance(299_999);
    await expect(t.resolver.resolve('www.dealer.com.au')).resolves.toEqual(werribee);
    expect(t.lookup).toHaveBeenCalledTimes(1);
    t.advance(1);
    await expect(t.resolver.resolve('www.dealer.com.au')).resolves.toEqual(werribee);
    expect(t.lookup).toHaveBeenCalledTimes(2);
  });
});
