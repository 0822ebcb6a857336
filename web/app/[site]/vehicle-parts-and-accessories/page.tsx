import type { Metadata } from 'next';
import { FormPage } from '@/components/pages/form-page';
import { getSite } from '@/lib/api';
import { partsFormSetup } from '@/lib/forms/form-setups';

export const metadata: Metadata = { title: 'Parts Enquiry' };

interface Props {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** /vehicle-parts-and-accessories: the parts enquiry page. */
export default async function PartsRoute({ params, searchParams }: Props) {
  const [{ site: slug }, query] = await Promise.all([params, searchParams]);
  const site = await getSite(slug);
  return (
    <FormPage
      title="Parts Enquiry"
      form={{ ...partsFormSetup(site, query), id: 'parts-form', label: 'Parts Enquiry', submitLabel: 'Parts Enquiry' }}
    />
  );
}
