import type { Metadata } from 'next';
import { TradeInPage } from '@/components/pages/trade-in-page';
import { getCarPage, getCarSlugById, getSite } from '@/lib/api';
import { queryValue } from '@/lib/forms/form-setups';

export const metadata: Metadata = { title: 'Trade-In Valuation' };

interface Props {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * /cars/trade-in?car_id=: the vehicle page's Trade-In Valuation link (spec 000 routes). A static
 * segment, so it is never taken for a car slug; an unknown car_id still gives the valuation form.
 */
export default async function CarTradeInRoute({ params, searchParams }: Props) {
  const [{ site: slug }, query] = await Promise.all([params, searchParams]);
  const [site, carSlug] = await Promise.all([getSite(slug), getCarSlugById(slug, queryValue(query, 'car_id'))]);
  const buying = carSlug ? await getCarPage(slug, carSlug) : null;
  return <TradeInPage site={site} query={query} title="Trade-In Valuation" buying={buying} />;
}
