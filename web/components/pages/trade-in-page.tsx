import { CollapsibleFaq } from '@/components/faq/collapsible-faq';
import type { CarPage, SiteView } from '@/lib/api';
import { tradeInFaq } from '@/lib/content/trade-in-faq';
import { tradeInFormSetup, type QueryParams } from '@/lib/forms/form-setups';
import { imageUrl } from '@/lib/media/image-url';
import { FormPage } from './form-page';
import styles from './pages.module.css';
import { firstPhotoSrc } from '@/lib/media/car-photo';

/**
 * /trade-in, /cars/trade-in, /sell-your-car and /sell-my-car: the valuation form and the site's
 * value-my-car FAQ variant. Reached from a car's page (car_id), it shows the car being bought, and
 * the lead carries it.
 */
export function TradeInPage({
  site,
  query,
  title,
  buying = null,
}: {
  site: SiteView;
  query: QueryParams;
  title: string;
  buying?: CarPage | null;
}) {
  const termsPath = `${site.config.routes.pages_prefix}/value-my-car-terms-and-conditions`;
  return (
    <FormPage
      title={title}
      intro={buying ? <BuyingCar page={buying} /> : undefined}
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

function BuyingCar({ page: { car, derived } }: { page: CarPage }) {
  const photo = firstPhotoSrc(car, 320);
  return (
    <section className={styles.buying} aria-labelledby="buying-heading">
      {photo ? <img src={imageUrl(photo, { width: 320 })} alt="" width={160} height={120} /> : null}
      <div>
        <h2 id="buying-heading">The car you are buying</h2>
        <p>
          <a href={`/cars/${car.slug}`}>{car.name}</a>
        </p>
        <p>{derived.price.text}</p>
      </div>
    </section>
  );
}
