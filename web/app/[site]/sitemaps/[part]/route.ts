import { getSite, getSitemapCars } from '@/lib/api';
import { renderUrlset, requestSiteOrigin, sitemapPart, sitemapUrls, XML_HEADERS } from '@/lib/seo';

interface Context {
  params: Promise<{ site: string; part: string }>;
}

/** /sitemaps/{n}.xml: one part of a sitemap index. */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const { site: slug, part } = await params;
  const number = /^([1-9]\d{0,5})\.xml$/.exec(part)?.[1];
  const site = await getSite(slug);
  const [origin, cars] = await Promise.all([requestSiteOrigin(site), getSitemapCars(slug)]);
  const urls = number ? sitemapPart(sitemapUrls(site, cars), Number(number)) : null;
  if (!urls) return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  return new Response(renderUrlset(origin, urls), { headers: XML_HEADERS });
}
