import { loadSitemap, renderSitemapIndex, renderUrlset, sitemapPartCount, XML_HEADERS } from '@/lib/seo';

interface Context {
  params: Promise<{ site: string }>;
}

/** /sitemap.xml: every page of the site, or past 50,000 URLs an index of /sitemaps/{n}.xml. */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const { origin, urls } = await loadSitemap((await params).site);
  const parts = sitemapPartCount(urls.length);
  const body = parts === 1 ? renderUrlset(origin, urls) : renderSitemapIndex(origin, parts);
  return new Response(body, { headers: XML_HEADERS });
}
