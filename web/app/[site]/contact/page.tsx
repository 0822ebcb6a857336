import type { Metadata } from 'next';
import { LeadForm } from '@/components/forms/lead-form';
import { LocationDetails } from '@/components/locations/location-details';
import styles from '@/components/locations/locations.module.css';
import { getSite } from '@/lib/api';
import { contactFormSetup } from '@/lib/forms/form-setups';
import { locationView, visibleLocations } from '@/lib/locations/location-view';

export const metadata: Metadata = { title: 'Contact Us' };

interface Props {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * /contact: the contact page of a single-brand site (its locations and the general enquiry form).
 * Sites with a contact page per location list those pages here instead of the location cards.
 */
export default async function ContactPage({ params, searchParams }: Props) {
  const [{ site: slug }, query] = await Promise.all([params, searchParams]);
  const site = await getSite(slug);
  const views = visibleLocations(site).map((location) => locationView(location, site));
  const single = site.config.routes.contact_style === 'single';
  const perPage = [...new Map(views.map((view) => [view.contactHref, view])).values()];
  return (
    <div className={`container ${styles.contactPage}`}>
      <div>
        <h1>Contact Us</h1>
        {single ? (
          <ul className={styles.cards} aria-label="Our locations">
            {views.map((view) => (
              <li key={view.id}>
                <LocationDetails location={view} />
              </li>
            ))}
          </ul>
        ) : (
          <ul className={styles.cards} aria-label="Our locations">
            {perPage.map((view) => (
              <li key={view.contactHref}>
                <a href={view.contactHref}>{view.name.replace(/\s+(?:sales|service|parts)$/i, '')}</a>
                {view.address && <address className={styles.address}>{view.address}</address>}
              </li>
            ))}
          </ul>
        )}
      </div>
      <section aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">Send us a message</h2>
        <LeadForm {...contactFormSetup(site, query)} id="contact-form" label="Contact Us" submitLabel="Send Enquiry" />
      </section>
    </div>
  );
}
