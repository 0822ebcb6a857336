import type { Metadata } from 'next';
import styles from '@/components/pages/pages.module.css';
import { getSite } from '@/lib/api';

export const metadata: Metadata = { title: 'Capped Price Servicing' };

/**
 * The servicing marketing page (spec 001 screen 12): the hero text, a card per marketing claim of
 * the site's dealerships (their brands' claims included, servicingClaims), the disclaimer block and, where the site configures one, the driveway information video.
 */
export default async function ServicingPage({ params }: { params: Promise<{ site: string }> }) {
  const { site: slug } = await params;
  const site = await getSite(slug);
  const { servicing_hero_text: hero, servicing_video_url: video } = site.config.marketing;
  const claims = site.source.servicing_claims;
  return (
    <div className={`container ${styles.page}`}>
      <h1>{hero}</h1>
      {claims.length > 0 && (
        <ul className={styles.cards} aria-label="Why service with us">
          {claims.map((claim) => (
            <li key={claim} className={styles.card}>
              {claim}
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={site.config.routes.service_path} className="button button-primary">
          Book a Service
        </a>
      </p>
      {video && (
        <iframe
          className={styles.video}
          src={video}
          title="Driveway information video"
          loading="lazy"
          allowFullScreen
        />
      )}
      <aside className={styles.disclaimer} aria-label="Disclaimer">
        <p>
          Servicing offers and claims are subject to the terms of the manufacturer and the dealer. Ask our service team
          for details.
        </p>
      </aside>
    </div>
  );
}
