import Link from 'next/link';
import type { SiteView } from '@/lib/api';
import { isExternalHref } from '@/lib/routes';
import { PaymentLogo } from './payment-logo';
import styles from './site-footer.module.css';

/** The content info: Buyer Tools links and the accepted payment methods, on the secondary colour. */
export function SiteFooter({ site }: { site: SiteView }) {
  const { buyer_tools: buyerTools, payment_logos: paymentLogos } = site.config.navigation;
  return (
    <footer className={styles.footer} data-print-hide>
      <div className={`container ${styles.columns}`}>
        {buyerTools.length > 0 && (
          <nav aria-labelledby="footer-buyer-tools" className={styles.column}>
            <h2 id="footer-buyer-tools" className={styles.heading}>
              Buyer Tools
            </h2>
            <ul className={styles.links}>
              {buyerTools.map((link) => (
                <li key={`${link.label}-${link.href}`}>
                  {isExternalHref(link.href) ? (
                    <a href={link.href}>{link.label}</a>
                  ) : (
                    <Link href={link.href} prefetch={false}>
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        )}
        {paymentLogos.length > 0 && (
          <section aria-labelledby="footer-payments" className={styles.column}>
            <h2 id="footer-payments" className={styles.heading}>
              We accept
            </h2>
            <ul className={styles.payments}>
              {paymentLogos.map((name) => (
                <li key={name} className={styles.payment}>
                  <PaymentLogo method={name} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <div className="container">
        <p className={styles.legal}>
          © {new Date().getFullYear()} {site.name}
        </p>
      </div>
    </footer>
  );
}
