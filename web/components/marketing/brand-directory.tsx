import { notFound } from 'next/navigation';
import { brandDirectorySections, brandLogoGrid, brandTile, type BrandTile, type SiteConfig } from '@platform/domain';
import type { SiteView } from '@/lib/api';
import { linkResolves } from '@/lib/content/site-routes';
import styles from './brand-directory.module.css';

function Tile({ tile }: { tile: BrandTile }) {
  return (
    <a href={tile.href} className={styles.tile}>
      {tile.logoUrl ? (
        <img
          src={tile.logoUrl}
          alt=""
          width={120}
          height={60}
          loading="lazy"
          decoding="async"
          className={styles.logo}
        />
      ) : (
        <span className={styles.logoPlaceholder} aria-hidden="true" />
      )}
      <span className={styles.name}>{tile.name}</span>
    </a>
  );
}

/**
 * The brand directory of a dealer group (spec 001 screen 17): Car, Motorcycle and Truck Brands
 * sections with a tile per brand linking to /{brand slug}/overview, the stats banner, the 'Our
 * Brands' logo grid and links to the group's other companies. Everything comes from configuration
 * and the site's manufacturers.
 */
export function BrandDirectory({ site }: { site: SiteView }) {
  const directory: SiteConfig['marketing']['brand_directory'] = site.config.marketing.brand_directory;
  const manufacturers = site.source.manufacturers;
  const sections = brandDirectorySections(directory.sections, manufacturers);
  const logos = brandLogoGrid(manufacturers);
  // A company tile whose page the site does not have is left out rather than drawn as a dead end.
  const companies = directory.group_companies.filter((company) => linkResolves(company.href, site.config));

  return (
    <div className="container">
      <h1>{directory.title}</h1>
      {directory.stats.length > 0 && (
        <ul className={styles.stats} aria-label="At a glance" data-testid="brand-stats">
          {directory.stats.map((stat) => (
            <li key={stat} className={styles.stat}>
              {stat}
            </li>
          ))}
        </ul>
      )}
      {sections.map((section, index) => (
        <section key={section.heading} aria-labelledby={`brand-section-${index}`} className={styles.section}>
          <h2 id={`brand-section-${index}`}>{section.heading}</h2>
          <ul className={styles.tiles}>
            {section.tiles.map((tile) => (
              <li key={tile.slug} data-testid="brand-tile">
                <Tile tile={tile} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {logos.length > 0 && (
        <section aria-labelledby="brand-logo-grid" className={styles.section}>
          <h2 id="brand-logo-grid">{directory.logo_grid_heading}</h2>
          <ul className={styles.logoGrid}>
            {logos.map((tile) => (
              <li key={tile.slug}>
                <a href={tile.href} className={styles.logoLink}>
                  <img
                    src={tile.logoUrl ?? ''}
                    alt={tile.name}
                    width={120}
                    height={60}
                    loading="lazy"
                    decoding="async"
                    className={styles.logo}
                  />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {companies.length > 0 && (
        <nav aria-label="Group companies" className={styles.section}>
          <ul className={styles.companies}>
            {companies.map((company) => (
              <li key={company.href}>
                <a href={company.href} className="button button-primary">
                  {company.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

/**
 * A brand's overview page (/{brand slug}/overview), reached from its directory tile: the brand, its
 * logo and the group's dealership websites that sell it.
 */
export function BrandOverview({ site, slug }: { site: SiteView; slug: string }) {
  const directory = site.config.marketing.brand_directory;
  const tile = brandTile(slug, site.source.manufacturers);
  if (!tile) notFound();
  const websites = site.source.dealership_websites.filter(
    (website) => website.make && website.make.toLowerCase() === tile.name.toLowerCase(),
  );
  return (
    <div className="container">
      <p>
        <a href={directory.path}>{directory.title}</a>
      </p>
      <h1>{tile.name}</h1>
      {tile.logoUrl && (
        <img src={tile.logoUrl} alt="" width={240} height={120} decoding="async" className={styles.overviewLogo} />
      )}
      {websites.length > 0 && (
        <nav aria-label={`${tile.name} dealerships`} className={styles.section}>
          <ul className={styles.companies}>
            {websites.map((website) => (
              <li key={website.slug}>
                <a href={website.url} className="button button-primary" rel="noopener">
                  {website.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
