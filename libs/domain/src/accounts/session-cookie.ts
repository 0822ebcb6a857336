/**
 * The shopper's session cookie. The API sets and reads it; the web forwards it and checks only that
 * it is there before asking the API, so both must agree on the name.
 */
export const SESSION_COOKIE = 'dp_session';
