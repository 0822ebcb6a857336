/**
 * The shopper's session cookie. The API sets and reads it; the web forwards it and checks only that
 * it is there before asking the API, so both must agree on the name.
 */
export const SESSION_COOKIE = 'dp_session';

/**
 * A dealer user's console session cookie, apart from the shopper's: one browser may hold both, and
 * signing out of one leaves the other.
 */
export const DEALER_SESSION_COOKIE = 'dp_dealer_session';

/** The header a dealer console request that changes anything carries its CSRF token in. */
export const DEALER_CSRF_HEADER = 'x-csrf-token';

/** What a dealer user may do in a dealership: owners manage users too, viewers only read. */
export const DEALER_ROLES = ['owner', 'sales', 'viewer'] as const;
export type DealerRole = (typeof DEALER_ROLES)[number];

/**
 * A platform operator's ops console session cookie, set only on the ops host: never sent to a
 * dealer's site, and apart from a dealer's console session in the same browser.
 */
export const OPS_SESSION_COOKIE = 'dp_ops_session';

/** Where the ops console answers when OPS_HOST is not set: a development host, as the demo sites'. */
export const DEFAULT_OPS_HOST = 'ops.localhost';
