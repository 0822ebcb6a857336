import type { Metadata } from 'next';
import { z } from 'zod';
import styles from '@/components/dealer-console/console.module.css';
import { apiBaseUrl } from '@/lib/api/client';
import { personalPage } from '@/lib/edge/personal-page';
import { stopInsightsEmail } from './actions';

export const metadata: Metadata = personalPage({ title: 'Weekly insights email · Dealer console' });
export const dynamic = 'force-dynamic';

const DescriptionSchema = z.object({ email: z.string(), subscribed: z.boolean() });

async function describe(site: string, token: string): Promise<z.infer<typeof DescriptionSchema> | null> {
  const response = await fetch(
    `${apiBaseUrl()}/api/dealer/insights/email/unsubscribe?token=${encodeURIComponent(token)}`,
    {
      cache: 'no-store',
      headers: { 'x-site-slug': site, accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    },
  );
  if (response.status === 400) return null;
  if (!response.ok) throw new Error(`The api answered ${response.status}`);
  return DescriptionSchema.parse(await response.json());
}

/**
 * /dealer/insights-email?token=: where the unsubscribe link of the weekly insights email leads. It
 * works without signing in and stops nothing until the button is pressed, so a mail scanner opening
 * the link changes nothing; mail clients use the one-click POST of the List-Unsubscribe header.
 */
export default async function InsightsEmailUnsubscribePage({
  params,
  searchParams,
}: {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { site } = await params;
  const query = await searchParams;
  const token = typeof query['token'] === 'string' ? query['token'].slice(0, 200) : '';
  const outcome = typeof query['outcome'] === 'string' ? query['outcome'] : null;
  const found = token ? await describe(site, token) : null;
  return (
    <section className={`container ${styles.page}`} aria-labelledby="console-title">
      <h1 id="console-title">Weekly stock insights email</h1>
      {!found ? (
        <p role="alert" className={styles.error}>
          This unsubscribe link is not valid. Please use the link from your latest insights email.
        </p>
      ) : !found.subscribed ? (
        <p role="status" className={styles.notice}>
          {outcome === 'done' ? 'Done: ' : ''}
          {found.email} does not get the weekly insights email any more.
        </p>
      ) : (
        <form action={stopInsightsEmail} className={styles.section}>
          <p>
            Stop the weekly email with the cars that need attention, sent to <strong>{found.email}</strong>? The
            insights stay in the dealer console.
          </p>
          {outcome === 'failed' ? (
            <p role="alert" className={styles.error}>
              The platform did not answer. Please try again.
            </p>
          ) : null}
          <input type="hidden" name="site" value={site} />
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={styles.button}>
            Stop these emails
          </button>
        </form>
      )}
    </section>
  );
}
