import type { BannerEntry, PromotionSlide } from '@platform/domain';
import { Carousel, CarouselItem } from '@/components/carousel/carousel';
import styles from './promotions.module.css';

/** Promotions slider size (spec 001 §9). */
export const SLIDE_WIDTH = 1920;
export const SLIDE_HEIGHT = 540;

function EntryImage({
  entry,
  eager,
  width,
  height,
}: {
  entry: BannerEntry;
  eager: boolean;
  width: number;
  height: number;
}) {
  const image = (
    <img
      src={entry.image}
      alt={entry.alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={styles.image}
      style={entry.background ? { backgroundColor: entry.background } : undefined}
    />
  );
  return entry.link ? (
    <a href={entry.link} className={styles.entryLink}>
      {image}
    </a>
  ) : (
    image
  );
}

/** A slide's picture, inside its link when it has one; the overlay (name and description) is drawn over it unless hidden. */
function SlideContent({ slide, eager }: { slide: PromotionSlide; eager: boolean }) {
  const image = (
    <img
      src={slide.image}
      alt={slide.alt}
      width={SLIDE_WIDTH}
      height={SLIDE_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={styles.image}
      style={slide.background ? { backgroundColor: slide.background } : undefined}
    />
  );
  const overlay = slide.hide_overlay ? null : (
    <span className={styles.overlay} data-testid="slide-overlay">
      <strong className={styles.slideName}>{slide.name}</strong>
      {slide.description && <span className={styles.slideDescription}>{slide.description}</span>}
    </span>
  );
  return slide.url ? (
    <a href={slide.url} className={`${styles.entryLink} ${styles.slide}`}>
      {image}
      {overlay}
    </a>
  ) : (
    <div className={styles.slide}>
      {image}
      {overlay}
    </div>
  );
}

/**
 * The promotions slider (spec 001 screen 18): 1920x540 slides (the Slide entity: id, name,
 * description, url, hide_overlay) already filtered by their display rules (see visibleBanners), one
 * in view, on the shared carousel. Rendered on the server; only the carousel's controls run in the
 * browser.
 */
export function PromotionsSlider({ slides }: { slides: PromotionSlide[] }) {
  if (slides.length === 0) return null;
  return (
    <section className={styles.promotions} aria-label="Promotions" data-testid="promotions-slider">
      <Carousel label="Promotion" perView={1} className={styles.promoCarousel}>
        {slides.map((slide, index) => (
          <CarouselItem key={slide.id}>
            <div
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              data-testid="promotion-slide"
            >
              <SlideContent slide={slide} eager={index === 0} />
            </div>
          </CarouselItem>
        ))}
      </Carousel>
    </section>
  );
}

/** Banner entries (spec 001 screen 19): image, alt text and background, already filtered by their display rules. */
export function Banners({ banners }: { banners: BannerEntry[] }) {
  if (banners.length === 0) return null;
  return (
    <section className="container" aria-label="Banners">
      <ul className={styles.banners}>
        {banners.map((banner, index) => (
          <li key={`${banner.image}-${index}`} data-testid="banner">
            <EntryImage entry={banner} eager={false} width={SLIDE_WIDTH} height={SLIDE_HEIGHT} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The feature banner (latest offers, book service, sell your car), from configuration. */
export function FeatureBanner({ items }: { items: { title: string; text: string; href: string }[] }) {
  if (items.length === 0) return null;
  return (
    <nav className="container" aria-label="Featured">
      <ul className={styles.features}>
        {items.map((item) => (
          <li key={item.href + item.title}>
            <a href={item.href} className={styles.feature}>
              <strong className={styles.featureTitle}>{item.title}</strong>
              {item.text && <span>{item.text}</span>}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The why-buy-from-us block (spec 001 screen 16), from configuration; plain text only. */
export function WhyBuyFromUs({
  block,
}: {
  block: { heading: string; reasons: { title: string; text: string }[] } | null;
}) {
  if (!block || block.reasons.length === 0) return null;
  return (
    <section className={`container ${styles.whyBuy}`} aria-labelledby="why-buy-heading">
      <h2 id="why-buy-heading">{block.heading}</h2>
      <ul className={styles.reasons}>
        {block.reasons.map((reason) => (
          <li key={reason.title} className={styles.reason}>
            <h3>{reason.title}</h3>
            {reason.text && <p>{reason.text}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
