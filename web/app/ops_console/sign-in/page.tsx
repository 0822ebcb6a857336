import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LinkSignIn } from '@/components/dealer-console/sign-in-forms';
import { OpsLinkRequest } from '@/components/ops-console/ops-link-request';
import { getOperator } from '@/lib/api/ops';
import styles from '@/components/dealer-console/console.module.css';

export const metadata: Metadata = { title: 'Sign in' };

/**
 * /sign-in on the ops host. With ?token= (the link emailed, or printed by `npm run ops -- operator`)
 * it shows a Sign in button that spends the token: never on GET, because mail scanners open links
 * before the person does. Without one, the operator asks for a link by email.
 */
export default async function OpsSignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const token = typeof query['token'] === 'string' ? query['token'].slice(0, 200) : null;
  if (!token && (await getOperator())) redirect('/');
  return (
    <section className={styles.signInPanel} aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in to the ops console</h1>
      {token ? (
        <>
          <p>Your sign-in link is ready. It works once, for 15 minutes.</p>
          <LinkSignIn
            token={token}
            endpoint="/api/ops-console/sign-in/link"
            home="/"
            fallback={{ href: '/sign-in', label: 'Ask for a new link' }}
          />
        </>
      ) : (
        <OpsLinkRequest />
      )}
    </section>
  );
}
