import type { Metadata } from 'next';
import { TradeInPage } from '@/components/pages/trade-in-page';
import { getSite } from '@/lib/api';

export const metadata: Metadata = { title: 'Sell Your Car' };

interface Props {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** /sell-your-car: the trade-in valuation form with the value-my-car FAQ. */
export default async function TradeInRoute({ params, searchParams }: Props) {
  const [{ site: slug }, query] = await Promise.all([params, searchParams]);
  return <TradeInPage site={await getSite(slug)} query={query} title="Sell Your Car" />;
}
