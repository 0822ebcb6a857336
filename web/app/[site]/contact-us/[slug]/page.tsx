import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { compareLocationsByType, contactSlug } from '@platform/domain';
import { LeadForm } from '@/components/forms/lead-form';
import { LocationDetails } from '@/components/locations/location-details';
import { LocationMap } from '@/components/locations/location-map';
import styles from '@/components/locations/locations.module.css';
import { getSite, type SiteView } from '@/lib/api';
import { locationContactFormSetup } from '@/lib/forms/form-setups';
import { locationView, visibleLocations } from '@/lib/locations/location-view';

interface Props {
  params: Promise<{ site: string; slug: string }>;
}

/** The locations behind /contact-us/{slug}: every one whose name, less a trailing Sales, Service or Parts, gives the slug. */
function locationsFor(site: SiteView, slug: string) {
  return visibleLocations(site)
    .filter((location) => contactSlug(location.name) === slug)
    .sort(compareLocationsByType);
}

/** 'Harbour Toyota Homebush Sales' -> 'Harbour Toyota Homebush'. */
const displayName = (name: string) => name.trim().replace(/\s+(?:sales|service|parts)$/i, '');

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { site: siteSlug, slug } = await params;
  const [first] = locationsFor(await getSite(siteSlug), slug);
  return { title: first ? `Contact Us at ${displayName(first.name)}` : 'Contact Us' };
}

/** /contact-us/{location slug}: the location's departments with map and contact card, and its contact form. */
export default async function ContactLocationPage({ params }: Props) {
  const { site: siteSlug, slug } = await params;
  const site = await getSite(siteSlug);
  const locations = locationsFor(site, slug);
  if (locations.length === 0) notFound();
  const views = locations.map((location) => locationView(location, site));
  const primary = views[0];
  const title = `Contact Us at ${displayName(primary.name)}`;
  return (
    <div className={`container ${styles.contactPage}`}>
      <div>
        <h1>{title}</h1>
        <LocationMap location={primary} large />
        <ul className={styles.cards} aria-label="Departments">
          {views.map((view) => (
            <li key={view.id}>
              <LocationDetails location={view} />
            </li>
          ))}
        </ul>
      </div>
      <section aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">Send us a message</h2>
        <LeadForm
          {...locationContactFormSetup(site, primary.id)}
          id="contact-form"
          label={title}
          submitLabel="Send Enquiry"
        />
      </section>
    </div>
  );
}
