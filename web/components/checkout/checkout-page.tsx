import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getCarPage } from '@/lib/api/cars';
import { getShopper } from '@/lib/api/shopper';
import { similarCarsHref } from '@/lib/search/similar-cars';
import { CarSummary } from './car-summary';
import { checkoutFields } from './contact-fields';
import { PaymentForm } from './payment-form';
import styles from './checkout.module.css';
import { firstPhotoSrc } from '@/lib/media/car-photo';

/**
 * Reserve online (spec 000 routes: /cars/{slug}/checkout, or /buy-online on some dealerships): the
 * car, the deposit and its terms, the shopper's details and the pay button. A car that can no
 * longer be reserved says so and offers similar cars. The site's own segment answers; the other 404s.
 */
export async function CheckoutPage({ site, slug, segment }: { site: string; slug: string; segment: string }) {
  const page = await getCarPage(site, slug);
  const { car, config, derived, location } = page;
  if (config.routes.checkout_segment !== segment) notFound();
  const shopper = await getShopper(site);
  const similar = { label: config.buttons.similar_label, href: similarCarsHref(car) };
  return (
    <div className={`container ${styles.page}`}>
      <div>
        <h1>{config.buttons.reserve_label}</h1>
        <CarSummary
          title={car.name}
          image={firstPhotoSrc(car, 480)}
          priceText={derived.price.text}
          location={location?.name}
          deposit={derived.reserve_deposit}
        >
          <p className={styles.terms}>{config.reservations.terms_text}</p>
        </CarSummary>
      </div>
      <section aria-labelledby="checkout-details">
        <h2 id="checkout-details">Your details</h2>
        {derived.can_reserve ? (
          <PaymentForm
            endpoint={`/api/sites/${encodeURIComponent(site)}/reservations`}
            fields={checkoutFields(shopper.signed_in ? shopper.phone : null)}
            base={{ car_id: car.slug }}
            submitLabel={`Pay ${derived.reserve_deposit_text} deposit`}
            logos={config.navigation.payment_logos}
            similar={similar}
            signInType="checkout"
            baseId="checkout"
          />
        ) : (
          <div role="status">
            <p>This car is no longer available to reserve online.</p>
            <Link href={similar.href} className="button button-primary" prefetch={false}>
              {config.buttons.similar_label}
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}
