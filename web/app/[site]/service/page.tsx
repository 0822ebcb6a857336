import type { Metadata } from 'next';
import { ServicePage } from '@/components/pages/service-page';
import { getSite } from '@/lib/api';

export const metadata: Metadata = { title: 'Book a Service' };

interface Props {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** /service: the default service booking page (?location={slug} preselects the location). */
export default async function ServiceRoute({ params, searchParams }: Props) {
  const [{ site: slug }, query] = await Promise.all([params, searchParams]);
  return <ServicePage site={await getSite(slug)} query={query} />;
}
