import { getSite } from '@/lib/api';
import { siteOriginOf, robotsTxt } from '@/lib/seo';

interface Context {
  params: Promise<{ site: string }>;
}

/** /robots.txt: per site, naming its sitemap on its own primary host. */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const site = await getSite((await params).site);
  return new Response(robotsTxt(siteOriginOf(site)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
