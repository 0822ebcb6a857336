import type { SiteView } from '@/lib/api';
import { financeFormSetup, type QueryParams } from '@/lib/forms/form-setups';
import { FormPage } from './form-page';

/** The finance enquiry page (/finance or the configured path): the finance form at #finance-form, prefilled from the query. */
export function FinancePage({ site, query }: { site: SiteView; query: QueryParams }) {
  return (
    <FormPage
      title="Finance Enquiry"
      intro={<p>Tell us about the finance you need and our team will be in touch.</p>}
      form={{ ...financeFormSetup(site, query), id: 'finance-form', label: 'Finance enquiry', submitLabel: 'Submit' }}
    />
  );
}
