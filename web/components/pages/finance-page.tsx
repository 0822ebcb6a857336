import Link from 'next/link';
import { clampToRange, FINANCE_CREDIT_CHECK_PATH, financeLimits, financePanelDefaults } from '@platform/domain';
import { FinanceCalculator } from '@/components/vehicle/finance-calculator';
import type { SiteView } from '@/lib/api';
import { financeFormSetup, queryValue, type QueryParams } from '@/lib/forms/form-setups';
import { FormPage } from './form-page';

/** The budget the shopper arrived with (?vehiclePriceBudget=25000), as whole dollars, or null. */
function budgetOf(query: QueryParams): number | null {
  const digits = queryValue(query, 'vehiclePriceBudget')
    .replace(/[^\d.]/g, '')
    .replace(/\..*$/, '');
  const value = digits ? Number(digits) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * The finance enquiry page (/finance or the configured path): the finance calculator in its slider
 * variant (amount up to the site's slider maximum, or 1.05 x a budget above it where configured),
 * then the finance form at #finance-form, prefilled from the query. No calculator when the site has
 * no finance provider.
 */
export function FinancePage({ site, query }: { site: SiteView; query: QueryParams }) {
  const finance = site.config.finance;
  const budget = budgetOf(query);
  const limits = financeLimits(finance, budget, 'slider');
  const panelDefaults = financePanelDefaults(budget, finance);
  const defaults = { ...panelDefaults, amount: clampToRange(budget ?? panelDefaults.amount, limits.amount) };
  return (
    <FormPage
      title="Finance Enquiry"
      intro={
        <>
          <p>Tell us about the finance you need and our team will be in touch.</p>
          <p>
            Not sure what you can borrow?{' '}
            <Link href={FINANCE_CREDIT_CHECK_PATH} prefetch={false}>
              Check your credit
            </Link>{' '}
            first: it won&apos;t affect your credit score.
          </p>
        </>
      }
      form={{ ...financeFormSetup(site, query), id: 'finance-form', label: 'Finance enquiry', submitLabel: 'Submit' }}
    >
      {finance.provider !== 'none' && (
        <FinanceCalculator
          siteSlug={site.slug}
          variant="slider"
          limits={limits}
          defaults={defaults}
          fees={finance.fees.map((fee) => ({ label: fee.label, amount: fee.amount, per: fee.per }))}
          quoteHref="#finance-form"
          rounding={finance.repayment_rounding}
          comparisonRateRange={finance.comparison_rate_range}
        />
      )}
    </FormPage>
  );
}
