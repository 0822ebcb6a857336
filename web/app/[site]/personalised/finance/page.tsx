import type { Metadata } from 'next';
import { FinancePage } from '@/components/pages/finance-page';
import { getSite } from '@/lib/api';

export const metadata: Metadata = { title: 'Finance' };

interface Props {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** /personalised/finance?car_id={id}: the finance form for one car. */
export default async function PersonalisedFinanceRoute({ params, searchParams }: Props) {
  const [{ site: slug }, query] = await Promise.all([params, searchParams]);
  return <FinancePage site={await getSite(slug)} query={query} />;
}
