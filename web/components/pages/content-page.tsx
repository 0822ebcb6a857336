import type { ContentPage as ContentPageConfig } from '@platform/domain';
import styles from './pages.module.css';

/** A page of the site's own content (title, hero, plain-text body): configured routes without a screen of their own. */
export function ContentPage({ page, contactHref }: { page: ContentPageConfig; contactHref: string }) {
  return (
    <article className={`container ${styles.page}`}>
      {page.hero_image && (
        <div className={styles.hero}>
          <img
            src={page.hero_image}
            alt={page.hero_alt}
            width={1920}
            height={540}
            className={styles.heroImage}
            fetchPriority="high"
          />
        </div>
      )}
      <h1>{page.title}</h1>
      {page.body.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      <p>
        <a href={contactHref} className="button button-primary">
          Contact Us
        </a>
      </p>
    </article>
  );
}
