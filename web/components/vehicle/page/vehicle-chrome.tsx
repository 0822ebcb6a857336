import Link from 'next/link';
import { ScrollChrome } from '@/components/vehicle/scroll-chrome';
import { chatContextAttributes } from '@/lib/chat/chat-context';
import type { CarPage } from '@/lib/api/cars';
import { FORM_ANCHORS } from '@/lib/vehicle/form-anchors';
import styles from '@/components/vehicle/vehicle.module.css';

/** The header and bottom bar that appear on scroll: the car, its price and the one main action (find similar once sold). */
export function VehicleChrome({ page }: { page: CarPage }) {
  const { car, derived, config } = page;
  const sold = derived.sold_display;
  const action = (
    <a className={styles.primaryButton} href={sold ? `#${FORM_ANCHORS.findSimilar}` : `#${FORM_ANCHORS.enquiry}`}>
      {sold ? config.buttons.similar_label : config.buttons.enquire_label}
    </a>
  );
  return (
    <>
      {/* What the chat bubble offers on this page: the enquiry form, prefilled with this car, and a text to its dealership. */}
      <span
        hidden
        {...chatContextAttributes({
          message: sold
            ? `I'm looking for something similar to the ${car.name}.`
            : `I'm interested in the ${car.name}.`,
          messageHref: sold ? `#${FORM_ANCHORS.findSimilar}` : `#${FORM_ANCHORS.enquiry}`,
          smsNumber: derived.phone?.display ?? null,
        })}
      />
      <ScrollChrome
        header={
          <div className={styles.chromeInner}>
            <strong>{car.name}</strong>
            {!sold && <span>{derived.price.text}</span>}
            {action}
          </div>
        }
        bar={
          <div className={styles.chromeInner}>
            {!sold && <span className={styles.barPrice}>{derived.price.text}</span>}
            {action}
            {derived.phone && !sold && (
              <a className={styles.secondaryButton} href={derived.phone.href} data-car-id={car.id}>
                Call
              </a>
            )}
          </div>
        }
      />
    </>
  );
}

/** Links to the site's offers, service booking and sell-your-car pages. */
export function FeatureBanner({ servicePath }: { servicePath: string }) {
  return (
    <nav className={styles.banner} aria-label="More from us">
      <Link href="/special-offers" prefetch={false}>
        Latest Offers
      </Link>
      <Link href={servicePath} prefetch={false}>
        Book a Service
      </Link>
      <Link href="/sell-your-car" prefetch={false}>
        Sell Your Car
      </Link>
    </nav>
  );
}
