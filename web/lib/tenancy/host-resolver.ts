import type { GateConfig, SiteConfig } from '@platform/domain';

/**
 * An in-memory cache in front of the host -> site lookup, so the proxy does not ask the API on every
 * request. Both answers are cached ("this host is site X" and "no site has this host"); failures are
 * not, so an API outage heals as soon as the API is back. Concurrent lookups for one host share a
 * single request.
 *
 * Given a `version` reader (the platform's configuration version, moved by database triggers on any
 * change to sites, hosts or dealerships), the cache follows it (issue 51): the version is read at
 * most once per checkEveryMs, whatever the traffic, and every answer is dropped when it moves, so a
 * host added, verified or removed, or a site suspended, is seen within one poll. The time to live
 * then only bounds how long answers last while the version cannot be read.
 */

/** What the proxy needs to know about the site that owns a host: its slug, sign-in gates, who may frame it and its primary host. */
export type SiteRef = {
  slug: string;
  name: string;
  embedding: SiteConfig['embedding'];
  /** Optional for lookups that predate it: no chat widget. */
  chat?: SiteConfig['chat'];
  primary_host: string;
  /** Suspended: the maintenance page instead of the shop (optional for lookups that predate it: active). */
  status?: 'active' | 'suspended';
} & GateConfig;

export type HostLookup = (hostname: string) => Promise<SiteRef | null>;

export interface HostResolverOptions {
  /** How long an answer is trusted, in milliseconds (30 s); with `version`, only while the version cannot be read. */
  ttlMs?: number;
  /** Reads the configuration version; every answer is dropped when it moves. */
  version?: () => Promise<string | null>;
  /** How often the version is read at most, in milliseconds (1 s). */
  checkEveryMs?: number;
  /** Entries kept at most; the oldest are dropped first, so random Host headers cannot grow memory without bound (1000). */
  maxEntries?: number;
  /** Clock, replaceable in tests. */
  now?: () => number;
}

interface Entry {
  site: SiteRef | null;
  expiresAt: number;
}

export interface HostResolver {
  resolve(hostname: string): Promise<SiteRef | null>;
  /** Forget every cached answer. */
  clear(): void;
}

export function createHostResolver(lookup: HostLookup, options: HostResolverOptions = {}): HostResolver {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? Date.now;
  const checkEveryMs = options.checkEveryMs ?? 1_000;
  // Map keeps insertion order, which makes the first key the oldest entry.
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<SiteRef | null>>();
  let generation = 0;
  let version: string | null = null;
  let checkedAt = -Infinity;
  let checking: Promise<void> | null = null;

  function clear(): void {
    generation += 1;
    entries.clear();
    inFlight.clear();
  }

  function remember(hostname: string, site: SiteRef | null, askedIn: number): void {
    // An answer asked for before the version moved is handed to its caller but never kept.
    if (askedIn !== generation) return;
    entries.delete(hostname);
    while (entries.size >= maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    entries.set(hostname, { site, expiresAt: now() + ttlMs });
  }

  /** Reads the version when the last read is older than checkEveryMs; a failed read keeps what is cached. */
  async function followVersion(read: () => Promise<string | null>): Promise<void> {
    if (now() - checkedAt < checkEveryMs) return;
    checking ??= read()
      .then(
        (current) => {
          if (current !== null && current !== version) {
            if (version !== null) clear();
            version = current;
          }
        },
        () => undefined,
      )
      .finally(() => {
        checkedAt = now();
        checking = null;
      });
    await checking;
  }

  return {
    async resolve(hostname) {
      if (options.version) await followVersion(options.version);
      const cached = entries.get(hostname);
      if (cached && cached.expiresAt > now()) return cached.site;
      if (cached) entries.delete(hostname);

      const pending = inFlight.get(hostname);
      if (pending) return pending;

      const askedIn = generation;
      const request = lookup(hostname)
        .then((site) => {
          remember(hostname, site, askedIn);
          return site;
        })
        .finally(() => {
          if (inFlight.get(hostname) === request) inFlight.delete(hostname);
        });
      inFlight.set(hostname, request);
      return request;
    },
    clear,
  };
}
