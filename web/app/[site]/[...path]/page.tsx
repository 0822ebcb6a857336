import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { brandTile } from '@platform/domain';
import { BrandDirectory, BrandOverview } from '@/components/marketing/brand-directory';
import { ContentPage } from '@/components/pages/content-page';
import { FinancePage } from '@/components/pages/finance-page';
import { ServicePage } from '@/components/pages/service-page';
import { TradeInPage } from '@/components/pages/trade-in-page';
import { getSite } from '@/lib/api';
import { resolveSiteRoute } from '@/lib/content/site-routes';

interface Props {
  params: Promise<{ site: string; path: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

async function resolve(props: Props) {
  const { site: slug, path } = await props.params;
  const site = await getSite(slug);
  return { site, route: resolveSiteRoute(`/${path.map(decodeURIComponent).join('/')}`, site.config) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { site, route } = await resolve(props);
  if (!route) return {};
  if (route.kind === 'content') return { title: route.page.title };
  if (route.kind === 'brand_directory') return { title: site.config.marketing.brand_directory.title };
  if (route.kind === 'brand_overview') return { title: brandTile(route.slug, site.source.manufacturers)?.name };
  return {
    title: route.kind === 'finance' ? 'Finance' : route.kind === 'service' ? 'Book a Service' : 'Trade-In Valuation',
  };
}

/**
 * Any other path of a site: its configured finance, service or trade-in path, or a content page
 * from its configuration; otherwise the site's own not-found page, inside its header and footer.
 */
export default async function SitePathPage(props: Props) {
  const { site, route } = await resolve(props);
  if (!route) notFound();
  const query = await props.searchParams;
  switch (route.kind) {
    case 'finance':
      return <FinancePage site={site} query={query} />;
    case 'service':
      return <ServicePage site={site} query={query} />;
    case 'trade_in':
      return <TradeInPage site={site} query={query} title="Trade-In Valuation" />;
    case 'brand_directory':
      return <BrandDirectory site={site} />;
    case 'brand_overview':
      return <BrandOverview site={site} slug={route.slug} />;
    case 'content':
      return (
        <ContentPage
          page={route.page}
          contactHref={site.config.routes.contact_style === 'single' ? '/contact' : '/locations'}
        />
      );
  }
}
