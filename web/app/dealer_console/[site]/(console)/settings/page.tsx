import type { Metadata } from 'next';
import { ConsoleFrame, SignedOut } from '@/components/dealer-console/console-frame';
import { PreferencesForm } from '@/components/dealer-console/preferences-form';
import { getSite } from '@/lib/api';
import { getDealerMe, getDeskPreferences } from '@/lib/api/dealer';
import { personalPage } from '@/lib/edge/personal-page';

export const metadata: Metadata = personalPage({ title: 'Notifications · Dealer console' });
export const dynamic = 'force-dynamic';

/**
 * Notifications (issue 53): how the signed-in user is told of leads (email, texts to a mobile they
 * agreed to), their quiet hours for texts, and whether they are taking leads at each dealership.
 */
export default async function SettingsPage({ params }: { params: Promise<{ site: string }> }) {
  const { site } = await params;
  const [shop, me, preferences] = await Promise.all([getSite(site), getDealerMe(site), getDeskPreferences(site)]);
  if (!me || !preferences) return <SignedOut />;
  return (
    <ConsoleFrame title="Notifications">
      <p>
        How the console tells you about your leads, when it stays quiet, and whether you are taking new leads. These
        settings are yours alone.
      </p>
      <PreferencesForm
        site={site}
        siteName={shop.name}
        email={me.user.email}
        dealerships={preferences.dealerships.map(({ slug, name, role }) => ({ slug, name, role }))}
        initial={{
          status: 'idle',
          values: {
            notifyEmail: preferences.notifyEmail,
            notifySms: preferences.notifySms,
            mobile: preferences.mobile ?? '',
            quietStart: preferences.quietStart ?? '',
            quietEnd: preferences.quietEnd ?? '',
            takes: Object.fromEntries(preferences.dealerships.map((d) => [d.slug, d.takesLeads])),
          },
          smsConsentAt: preferences.smsConsentAt,
          errors: {},
        }}
      />
    </ConsoleFrame>
  );
}
