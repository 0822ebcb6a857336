import type { Metadata } from 'next';
import { personalPage } from '@/lib/edge/personal-page';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { CarSummary } from '@/components/checkout/car-summary';
import { PurchaseJourney } from '@/components/checkout/purchase-journey';
import { getCarPage } from '@/lib/api/cars';
import { getShopper } from '@/lib/api/shopper';
import { similarCarsHref } from '@/lib/search/similar-cars';
import styles from '@/components/checkout/checkout.module.css';
import { firstPhotoSrc } from '@/lib/media/car-photo';

export const metadata: Metadata = personalPage({ title: 'Online Purchase' });

/** /checkout-journey?car_id={slug}: Online Purchase, where the site's flag is on (spec 000 routes). */
export default async function CheckoutJourneyPage({
  params,
  searchParams,
}: {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ site }, query] = await Promise.all([params, searchParams]);
  const carSlug = typeof query['car_id'] === 'string' ? query['car_id'] : null;
  if (!carSlug) notFound();
  const [page, shopper] = await Promise.all([getCarPage(site, carSlug), getShopper(site)]);
  const { car, config, derived, location } = page;
  if (!config.routes.online_purchase_enabled) notFound();
  return (
    <div className={`container ${styles.page}`}>
      <section aria-labelledby="journey-title">
        <h1 id="journey-title">Online Purchase</h1>
        {derived.can_reserve ? (
          <PurchaseJourney
            siteSlug={site}
            car={{
              slug: car.slug,
              title: car.name,
              price: car.price ?? null,
              priceText: derived.price.text,
              location: location?.name ?? null,
              deposit: derived.reserve_deposit,
              depositText: derived.reserve_deposit_text,
            }}
            interestPercent={config.finance.interest_default}
            logos={config.navigation.payment_logos}
            termsText={config.reservations.terms_text}
            defaultState={config.forms.default_state.toUpperCase()}
            signedInPhone={shopper.signed_in ? shopper.phone : null}
            deliveryOffered={config.delivery.regions.length > 0}
          />
        ) : (
          <div role="status">
            <p>This car is no longer available to reserve online.</p>
            <Link href={similarCarsHref(car)} className="button button-primary" prefetch={false}>
              {config.buttons.similar_label}
            </Link>
          </div>
        )}
      </section>
      <CarSummary
        title={car.name}
        image={firstPhotoSrc(car, 480)}
        priceText={derived.price.text}
        location={location?.name}
        deposit={derived.reserve_deposit}
      />
    </div>
  );
}
