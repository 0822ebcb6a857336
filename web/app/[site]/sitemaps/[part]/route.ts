import { loadSitemap, renderUrlset, sitemapPart, XML_HEADERS } from '@/lib/seo';

interface Context {
  params: Promise<{ site: string; part: string }>;
}

/** /sitemaps/{n}.xml: one part of a sitemap index. */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const { site, part } = await params;
  const number = /^([1-9]\d{0,5})\.xml$/.exec(part)?.[1];
  const { origin, urls } = await loadSitemap(site);
  const partUrls = number ? sitemapPart(urls, Number(number)) : null;
  if (!partUrls) return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  return new Response(renderUrlset(origin, partUrls), { headers: XML_HEADERS });
}
