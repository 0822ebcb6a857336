import type { Metadata } from 'next';
import { LocationsList } from '@/components/locations/locations-list';
import { getSite } from '@/lib/api';

export const metadata: Metadata = { title: 'Our Locations' };

interface Props {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** /locations: every location of the site, searchable by locationQuery. */
export default async function LocationsPage({ params, searchParams }: Props) {
  const [{ site: slug }, query] = await Promise.all([params, searchParams]);
  const site = await getSite(slug);
  const locationQuery = typeof query['locationQuery'] === 'string' ? query['locationQuery'] : '';
  return <LocationsList site={site} query={locationQuery} />;
}
