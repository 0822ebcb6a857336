import { CollapsibleFaq } from '@/components/faq/collapsible-faq';
import type { SiteView } from '@/lib/api';
import { tradeInFaq } from '@/lib/content/trade-in-faq';
import { tradeInFormSetup, type QueryParams } from '@/lib/forms/form-setups';
import { FormPage } from './form-page';

/** /trade-in, /sell-your-car and /sell-my-car: the valuation form and the site's value-my-car FAQ variant. */
export function TradeInPage({ site, query, title }: { site: SiteView; query: QueryParams; title: string }) {
  const termsPath = `${site.config.routes.pages_prefix}/value-my-car-terms-and-conditions`;
  return (
    <FormPage
      title={title}
      form={{ ...tradeInFormSetup(site, query), id: 'trade-in-form', label: title, submitLabel: 'Value My Car' }}
    >
      <CollapsibleFaq
        title="Frequently Asked Questions"
        items={tradeInFaq(site.config.marketing.trade_in_faq_variant)}
      />
      <p>
        <a href={termsPath}>Value My Car Terms and Conditions</a>
      </p>
    </FormPage>
  );
}
