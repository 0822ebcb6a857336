import type { Metadata } from 'next';
import { personalPage } from '@/lib/edge/personal-page';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { RESERVATION_MESSAGES } from '@platform/domain';
import { CarSummary } from '@/components/checkout/car-summary';
import { getReservation } from '@/lib/api/reservations';
import { getSite } from '@/lib/api';
import { similarCarsHref } from '@/lib/search/similar-cars';
import styles from '@/components/checkout/checkout.module.css';

export const metadata: Metadata = personalPage({ title: 'Your reservation' });
export const dynamic = 'force-dynamic';

const heldUntil = new Intl.DateTimeFormat('en-AU', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Australia/Sydney',
  timeZoneName: 'short',
});

/**
 * Where a checkout lands after paying: the reservation as the platform knows it (the provider's
 * webhook decides, never the browser). Confirmed, still waiting, declined (try again), or ended
 * with the car no longer available (Find Me Something Similar).
 */
export default async function ReservationPage({ params }: { params: Promise<{ site: string; id: string }> }) {
  const { site, id } = await params;
  const [answer, siteView] = await Promise.all([getReservation(site, id), getSite(site)]);
  if (!answer) notFound();
  const { reservation, payment } = answer;
  const { car } = reservation;
  const similarHref = similarCarsHref({ make: car.make ?? '', model: car.model ?? '' });
  const similarLabel = siteView.config.buttons.similar_label;
  const deposit = `$${reservation.deposit.toLocaleString('en-AU')}`;

  let heading: string;
  let body: React.ReactNode;
  switch (reservation.status) {
    case 'held':
    case 'completed':
      heading = reservation.status === 'held' ? 'Your car is reserved' : 'Your purchase is complete';
      body = (
        <>
          <p>
            Thank you: your {deposit} deposit is paid and {car.title} is reserved for you
            {reservation.hold_expires_at && reservation.status === 'held'
              ? ` until ${heldUntil.format(new Date(reservation.hold_expires_at))}`
              : ''}
            . We have emailed you a confirmation, and {car.dealership ?? 'the dealership'} will be in touch shortly.
          </p>
          <dl className={styles.facts}>
            <dt>Payment reference</dt>
            <dd>{reservation.payment_reference}</dd>
          </dl>
        </>
      );
      break;
    case 'pending_payment':
      heading = reservation.payment_error ? 'Your payment was declined' : 'Waiting for your payment';
      body = (
        <>
          <p role={reservation.payment_error ? 'alert' : undefined}>
            {reservation.payment_error
              ? RESERVATION_MESSAGES.declined
              : 'We are holding the car while you pay. Once your payment is confirmed this page shows your reservation.'}
          </p>
          {payment?.pay_url ? (
            <p>
              <Link href={payment.pay_url} className="button button-primary" prefetch={false}>
                {reservation.payment_error ? 'Try again' : 'Continue to payment'}
              </Link>
            </p>
          ) : (
            <p>
              <Link href={`/reservations/${reservation.id}`} prefetch={false}>
                Check again
              </Link>
            </p>
          )}
        </>
      );
      break;
    default:
      heading =
        reservation.refund?.reason === 'hold_expired' || reservation.refund?.reason === 'paid_after_hold_ended'
          ? 'Your hold on this car has ended'
          : 'This car is no longer available';
      body = (
        <>
          <p role="status">
            {reservation.refund
              ? reservation.refund.message
              : reservation.status === 'released'
                ? RESERVATION_MESSAGES.payment_window_ended
                : reservation.refunded
                  ? `${RESERVATION_MESSAGES.unavailable} Your ${deposit} deposit is being refunded in full.`
                  : 'This reservation has ended.'}
          </p>
          <p>
            <Link href={similarHref} className="button button-primary" prefetch={false}>
              {similarLabel}
            </Link>
          </p>
        </>
      );
  }

  return (
    <div className={`container ${styles.page}`}>
      <section className={styles.status} aria-labelledby="reservation-title">
        <h1 id="reservation-title">{heading}</h1>
        {body}
      </section>
      <CarSummary
        title={car.title}
        image={car.image}
        priceText={car.price?.text}
        location={car.location}
        deposit={reservation.deposit}
      >
        <p>
          <Link href={`/cars/${car.slug}`} prefetch={false}>
            View this car
          </Link>
        </p>
      </CarSummary>
    </div>
  );
}
