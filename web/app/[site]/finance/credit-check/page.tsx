import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { displayMobile, FINANCE_CREDIT_CHECK_PATH, signInPath } from '@platform/domain';
import { FormPage } from '@/components/pages/form-page';
import { getSite } from '@/lib/api';
import { getShopper } from '@/lib/api/shopper';
import { personalPage } from '@/lib/edge/personal-page';
import { financeFormSetup } from '@/lib/forms/form-setups';

// About one signed-in shopper: never indexed, never kept by the page cache for anyone else.
export const metadata: Metadata = personalPage({ title: 'Credit Check' });

/** Files with the finance team as a finance enquiry of this kind, so the CRM can tell it from an application. */
const CREDIT_CHECK_SUBCATEGORY = 'Credit Check';

/**
 * Finance via credit check (spec 001 §6 sign-in gate table): the finance form, for the signed-in
 * shopper, asking the finance team for a soft credit check. The gate sends signed-out shoppers to
 * sign in on sites that list `finance_credit_check`; the page asks for a session on every site,
 * because a credit check is about one known person.
 */
export default async function CreditCheckPage({ params }: { params: Promise<{ site: string }> }) {
  const { site: slug } = await params;
  const [site, shopper] = await Promise.all([getSite(slug), getShopper(slug)]);
  if (!shopper.signed_in)
    redirect(signInPath({ type: 'finance_credit_check', redirect: FINANCE_CREDIT_CHECK_PATH, back: '/' }));

  const setup = financeFormSetup(site, {});
  const fields = setup.fields.map((field) =>
    field.name === 'phone' && shopper.phone ? { ...field, defaultValue: displayMobile(shopper.phone) } : field,
  );
  return (
    <FormPage
      title="Credit Check"
      intro={
        <>
          <p>
            Find out where you stand before you choose a car. Our finance team runs a soft credit check, which
            won&apos;t affect your credit score, and calls you back with the loans you are likely to be approved for.
          </p>
          <p>
            Tell us who you are and roughly what you would like to borrow; your details go to our finance team only.
          </p>
        </>
      }
      form={{
        ...setup,
        fields,
        fixed: { ...setup.fixed, subcategory: CREDIT_CHECK_SUBCATEGORY },
        id: 'credit-check-form',
        label: 'Credit check',
        submitLabel: 'Check my credit',
      }}
    />
  );
}
