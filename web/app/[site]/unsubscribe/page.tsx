import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { UnsubscribeButton } from '@/components/alerts/unsubscribe-button';
import { ApiError } from '@/lib/api';
import { apiGet, segment } from '@/lib/api/client';
import { personalPage } from '@/lib/edge/personal-page';
import { ROUTES } from '@/lib/routes';
import styles from '@/components/alerts/alerts.module.css';

export const metadata: Metadata = personalPage({ title: 'Stop alerts' });

const DescriptionSchema = z.object({ kind: z.string(), name: z.string(), active: z.boolean() });

/**
 * /unsubscribe?token=: where the unsubscribe link in an alert's text leads. It works without
 * signing in (the signed token says what to stop) and stops nothing until the shopper presses the
 * button, so a mail scanner opening the link changes nothing; mail clients use the one-click POST of
 * the List-Unsubscribe header instead.
 */
export default async function UnsubscribePage({
  params,
  searchParams,
}: {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { site } = await params;
  const raw = (await searchParams)['token'];
  const token = typeof raw === 'string' ? raw : '';
  let description: z.infer<typeof DescriptionSchema> | null = null;
  if (token) {
    try {
      description = await apiGet(
        `/api/sites/${segment(site)}/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
        DescriptionSchema,
        { cache: 'no-store' },
      );
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 400)) throw error;
    }
  }
  const what =
    description?.kind === 'saved_search'
      ? `new matches for your saved search '${description.name}'`
      : description?.kind === 'car'
        ? `news of the ${description.name}`
        : 'every alert from us';

  return (
    <section className={`container ${styles.unsubscribe}`} aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Stop alerts</h1>
      {!description ? (
        <p>This unsubscribe link is not valid. Please use the link from your latest message.</p>
      ) : !description.active ? (
        <p>You no longer get {what}.</p>
      ) : (
        <>
          <p>Stop sending me {what}?</p>
          <UnsubscribeButton siteSlug={site} token={token} />
        </>
      )}
      <p>
        <Link href={ROUTES.watchlist} prefetch={false}>
          Manage your saved searches and cars
        </Link>
      </p>
    </section>
  );
}
