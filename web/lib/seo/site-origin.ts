import { headers } from 'next/headers';
import { siteOrigin } from '@platform/domain';
import type { SiteView } from '../api';

/** The site's own origin for absolute URLs: its primary host, never a forwarded one (siteOrigin). */
export async function requestSiteOrigin(site: SiteView): Promise<string> {
  const host = (await headers()).get('host');
  return siteOrigin(site.source.site.hosts[0] ?? host ?? 'localhost', host);
}
