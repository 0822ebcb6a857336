import { findSiteByHost, readConfigVersion } from '../api/hosts';
import { createHostResolver, type HostResolver } from './host-resolver';

/** How often the configuration version is read, at most, whatever the traffic. */
export const CONFIG_VERSION_CHECK_MS = 1_000;

const SHARED = Symbol.for('dealer-platform.host-resolver');

/**
 * The one host -> site cache of this server process, shared by the proxy and the page cache (their
 * bundles are separate modules, hence the global): it follows the configuration version, read at
 * most once a second, so a host added, verified or removed, or a site suspended or retired, is seen
 * by every page within a second or two (issue 51: live within 5 s). While the version cannot be read
 * an answer lasts 30 s at most.
 */
export function sharedHostResolver(): HostResolver {
  const state = globalThis as unknown as Record<symbol, HostResolver | undefined>;
  state[SHARED] ??= createHostResolver(findSiteByHost, {
    ttlMs: 30_000,
    version: readConfigVersion,
    checkEveryMs: CONFIG_VERSION_CHECK_MS,
  });
  return state[SHARED];
}
