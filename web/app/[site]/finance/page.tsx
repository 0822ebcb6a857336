import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { FinancePage } from '@/components/pages/finance-page';
import { getSite } from '@/lib/api';

export const metadata: Metadata = { title: 'Finance' };

interface Props {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** /finance; a site whose finance page lives elsewhere (/apply-for-finance, /finance-enquiry, a link) is sent there with the query. */
export default async function FinanceRoute({ params, searchParams }: Props) {
  const [{ site: slug }, query] = await Promise.all([params, searchParams]);
  const site = await getSite(slug);
  const target = site.config.routes.finance_path;
  if (target !== '/finance') {
    const search = new URLSearchParams(
      Object.entries(query).flatMap(([key, value]) =>
        typeof value === 'string' ? [[key, value]] : (value ?? []).map((v) => [key, v]),
      ),
    ).toString();
    redirect(search ? `${target}${target.includes('?') ? '&' : '?'}${search}` : target);
  }
  return <FinancePage site={site} query={query} />;
}
