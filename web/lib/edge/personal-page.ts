import type { Metadata } from 'next';

/**
 * Pages about one shopper (their reservation, payment, watchlist, the form they just sent, signing
 * in) say so in their metadata, as `<meta name="page-cache" content="private">`, and the page cache
 * (lib/edge/page-cache.ts) never keeps them, whoever asked. The mark sits with the page, so a
 * route renamed by configuration keeps it.
 */
export const PERSONAL_PAGE_MARK = '<meta name="page-cache" content="private"';

export function personalPage(metadata: Metadata): Metadata {
  return { robots: { index: false }, ...metadata, other: { ...metadata.other, 'page-cache': 'private' } };
}
