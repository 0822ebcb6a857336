import type { GateConfig, SiteConfig } from '@platform/domain';

/**
 * An in-memory, time-bounded cache in front of the host -> site lookup, so the proxy does not ask
 * the API on every request. Both answers are cached ("this host is site X" and "no site has this
 * host"); failures are not, so an API outage heals as soon as the API is back. Concurrent lookups
 * for one host share a single request.
 */

/** What the proxy needs to know about the site that owns a host: its slug, sign-in gates, who may frame it and its primary host. */
export type SiteRef = {
  slug: string;
  name: string;
  embedding: SiteConfig['embedding'];
  /** Optional for lookups that predate it: no chat widget. */
  chat?: SiteConfig['chat'];
  primary_host: string;
} & GateConfig;

export type HostLookup = (hostname: string) => Promise<SiteRef | null>;

export interface HostResolverOptions {
  /** How long an answer is trusted, in milliseconds (30 s). */
  ttlMs?: number;
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
  // Map keeps insertion order, which makes the first key the oldest entry.
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<SiteRef | null>>();

  function remember(hostname: string, site: SiteRef | null): void {
    entries.delete(hostname);
    while (entries.size >= maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    entries.set(hostname, { site, expiresAt: now() + ttlMs });
  }

  return {
    async resolve(hostname) {
      const cached = entries.get(hostname);
      if (cached && cached.expiresAt > now()) return cached.site;
      if (cached) entries.delete(hostname);

      const pending = inFlight.get(hostname);
      if (pending) return pending;

      const request = lookup(hostname)
        .then((site) => {
          remember(hostname, site);
          return site;
        })
        .finally(() => inFlight.delete(hostname));
      inFlight.set(hostname, request);
      return request;
    },
    clear() {
      entries.clear();
    },
  };
}
