import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PrintableCar } from '@/components/vehicle/page';
import { getCarPage, getCarSlugById } from '@/lib/api/cars';
import { queryValue } from '@/lib/forms/form-setups';

interface Props {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** car_id carries the car's slug (spec 000 routes); a numeric id, as other links send, is accepted too. */
async function carOf({ params, searchParams }: Props) {
  const [{ site }, query] = await Promise.all([params, searchParams]);
  const value = queryValue(query, 'car_id').trim();
  const slug = /^\d+$/.test(value) ? await getCarSlugById(site, value) : value;
  if (!slug) notFound();
  const page = await getCarPage(site, slug);
  // Past a sold car's listing window its page shows only the SOLD message; there is nothing to print.
  if (!page.derived.listed) notFound();
  return page;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { car } = await carOf(props);
  // A copy of the vehicle page for paper: never indexed in its place.
  return { title: `${car.name} (printable)`, robots: { index: false, follow: true } };
}

/** /print?car_id={slug}: the car's printable page, opened in a new tab from the vehicle page. */
export default async function PrintRoute(props: Props) {
  return <PrintableCar page={await carOf(props)} />;
}
