import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { OpsHeader } from '@/components/ops-console/ops-header';
import { getOperator } from '@/lib/api/ops';
import { personalPage } from '@/lib/edge/personal-page';
import { CONSOLE_PATH_HEADER } from '@/lib/tenancy/dealer-console';
import styles from '@/components/dealer-console/console.module.css';
import ops from '@/components/ops-console/ops.module.css';

// Personal: never kept by the page cache, and search engines are told to stay out.
export const metadata: Metadata = personalPage({
  title: { default: 'Ops console', template: '%s | Ops console' },
  robots: { index: false, follow: false },
});

/**
 * The ops console's shell on OPS_HOST (issue 51): the platform's own plain work layout, in the
 * platform's default colours, for the people who onboard and look after every dealer.
 */
export default async function OpsConsoleLayout({ children }: { children: ReactNode }) {
  const [operator, requestHeaders] = await Promise.all([getOperator(), headers()]);
  return (
    <div className={`${styles.console} ${ops.platform}`}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <OpsHeader operator={operator} pathname={requestHeaders.get(CONSOLE_PATH_HEADER) ?? '/'} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}
