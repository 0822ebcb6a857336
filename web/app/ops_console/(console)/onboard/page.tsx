import type { Metadata } from 'next';
import { ConsoleFrame } from '@/components/dealer-console/console-frame';
import { OnboardForm } from '@/components/ops-console/onboard-form';
import styles from '@/components/dealer-console/console.module.css';
import { OnboardingOptionsSchema, opsGet } from '@/lib/api/ops';

export const metadata: Metadata = { title: 'Onboard a dealer' };
export const dynamic = 'force-dynamic';

/**
 * The onboarding form (issue 51): a new dealer in one step, all or nothing, the api's own document
 * and rules behind it (POST /api/ops/onboarding), so the console, the CLI and the API never disagree.
 */
export default async function OnboardPage() {
  const options = await opsGet('/api/ops/onboarding/options', OnboardingOptionsSchema);
  return (
    <ConsoleFrame title="Onboard a dealer">
      <p className={styles.muted}>
        Everything is created at once or nothing is. You get the site&apos;s addresses, the DNS records the dealer sets,
        a feed key per dealership and a one-time sign-in link for the first owner.
      </p>
      {options ? <OnboardForm options={options} /> : <p>Your session has ended. Sign in again.</p>}
    </ConsoleFrame>
  );
}
