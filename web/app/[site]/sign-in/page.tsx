import type { Metadata } from 'next';
import { personalPage } from '@/lib/edge/personal-page';
import Link from 'next/link';
import { redirect as navigate } from 'next/navigation';
import { safeRedirect } from '@platform/domain';
import { SignInForm } from '@/components/sign-in/sign-in-form';
import { getSite } from '@/lib/api';
import { getShopper } from '@/lib/api/shopper';
import { signInIntro } from '@/lib/sign-in/sign-in-intro';
import styles from './sign-in.module.css';

export const metadata: Metadata = personalPage({ title: 'Sign in' });

interface SignInPageProps {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * /sign-in?type=&redirect=&back= (spec 001 §6). `redirect` and `back` arrive in the query string, so
 * both are kept to paths on this site. A shopper who is already signed in goes straight on.
 */
export default async function SignInPage({ params, searchParams }: SignInPageProps) {
  const [{ site: slug }, query] = await Promise.all([params, searchParams]);
  const [site, shopper] = await Promise.all([getSite(slug), getShopper(slug)]);
  const redirect = safeRedirect(first(query['redirect']));
  const back = safeRedirect(first(query['back']));
  if (shopper.signed_in) navigate(redirect);

  const intro = signInIntro(first(query['type']));
  return (
    <section className={`container ${styles.page}`} aria-labelledby="sign-in-title">
      <p>
        <Link href={back} prefetch={false}>
          Back
        </Link>
      </p>
      <h1 id="sign-in-title">{intro.title}</h1>
      <p className={styles.lead}>{intro.text}</p>
      <SignInForm siteSlug={site.slug} redirect={redirect} />
    </section>
  );
}
