import { offerPath, type OfferEntry } from '@platform/domain';
import styles from './offers.module.css';

/** One offer's page: name, model, image, plain-text description and disclaimer (never dealer HTML). */
export function OfferDetail({ offer }: { offer: OfferEntry }) {
  return (
    <article className={`container ${styles.offer}`}>
      <h1>{offer.name}</h1>
      {offer.model_name && <p className={styles.model}>{offer.model_name}</p>}
      {offer.image && (
        <img
          src={offer.image}
          alt={offer.image_alt}
          width={1200}
          height={675}
          decoding="async"
          className={styles.image}
        />
      )}
      {offer.description.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      {offer.disclaimer && (
        <aside aria-label="Disclaimer" className={styles.disclaimer}>
          <p>{offer.disclaimer}</p>
        </aside>
      )}
    </article>
  );
}

/** Links to the site's live offers, each to its own page. */
export function OfferTiles({ offers, heading }: { offers: OfferEntry[]; heading: string }) {
  if (offers.length === 0) return null;
  return (
    <section className="container" aria-labelledby="offers-heading">
      <h2 id="offers-heading">{heading}</h2>
      <ul className={styles.tiles}>
        {offers.map((offer) => (
          <li key={offer.id}>
            <a href={offerPath(offer)} className={styles.tile}>
              {offer.image && (
                <img
                  src={offer.image}
                  alt=""
                  width={480}
                  height={270}
                  loading="lazy"
                  decoding="async"
                  className={styles.image}
                />
              )}
              <strong>{offer.name}</strong>
              {offer.model_name && <span>{offer.model_name}</span>}
              {/* Without a picture the first line of the offer says what it is, so no tile is empty. */}
              {!offer.image && offer.description[0] && <span className={styles.summary}>{offer.description[0]}</span>}
              <span className={styles.more} aria-hidden="true">
                View offer
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
