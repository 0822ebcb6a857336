import type { SiteView } from '@/lib/api';
import { serviceFormSetup, type QueryParams } from '@/lib/forms/form-setups';
import { FormPage } from './form-page';
import styles from './pages.module.css';

/** The service booking page: the booking form and the group's service-booking links list (spec 001 screen 15). */
export function ServicePage({ site, query }: { site: SiteView; query: QueryParams }) {
  const links = site.config.marketing.service_booking_links;
  return (
    <FormPage
      title="Book a Service"
      form={{
        ...serviceFormSetup(site, query),
        id: 'service-form',
        label: 'Book a Service',
        submitLabel: 'Book a Service',
      }}
    >
      {links.length > 0 && (
        <section aria-labelledby="service-links-title">
          <h2 id="service-links-title">Book a Service with our dealers</h2>
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={`${link.name}-${link.url}`}>
                <a href={link.url}>{link.name}</a>
                {link.make && <p className={styles.disclaimer}>{link.make}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </FormPage>
  );
}
