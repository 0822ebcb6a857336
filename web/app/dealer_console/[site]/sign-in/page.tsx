import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { consoleNextPath } from '@platform/domain';
import { EmailCodeSignIn, LinkSignIn } from '@/components/dealer-console/sign-in-forms';
import { getSite } from '@/lib/api';
import { getDealerMe } from '@/lib/api/dealer';
import styles from '@/components/dealer-console/console.module.css';

export const metadata: Metadata = { title: 'Sign in' };

/**
 * /dealer/sign-in. With ?token= (a one-time link from ops or an owner) it shows a Sign in button that
 * spends the token: never on GET, because mail scanners open links before the person does. Without
 * one, the user asks for a code by email and types it in. Either way `?next=` (the console page that
 * sent them here) is where they land afterwards, when it is a console page of this site.
 */
export default async function DealerSignInPage({
  params,
  searchParams,
}: {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { site: slug } = await params;
  const query = await searchParams;
  const token = typeof query['token'] === 'string' ? query['token'] : null;
  const next = consoleNextPath(query['next']) ?? '/dealer';
  const [site, me] = await Promise.all([getSite(slug), getDealerMe(slug)]);
  if (me && !token) redirect(next);
  return (
    <section className={styles.signInPanel} aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in to {site.name}</h1>
      {token ? (
        <>
          <p>Your sign-in link is ready. It works once, for 15 minutes.</p>
          <LinkSignIn
            token={token}
            home={next}
            fallback={{
              href:
                next === '/dealer' ? '/dealer/sign-in' : `/dealer/sign-in?${new URLSearchParams({ next }).toString()}`,
              label: 'Sign in with an email code instead',
            }}
          />
        </>
      ) : (
        <EmailCodeSignIn next={next} />
      )}
    </section>
  );
}
