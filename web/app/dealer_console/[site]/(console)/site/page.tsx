import type { Metadata } from 'next';
import { ConsoleFrame, SignedOut } from '@/components/dealer-console/console-frame';
import styles from '@/components/site-editor/site-editor.module.css';
import { consoleGet } from '@/lib/api/dealer';
import { personalPage } from '@/lib/edge/personal-page';
import { DealerLayersSchema } from '@/lib/site-editor/editor-api';

export const metadata: Metadata = personalPage({ title: 'Site · Dealer console' });
export const dynamic = 'force-dynamic';

/** What the user may change on their site: each dealership's layer, and the whole site for a group's owners. */
export default async function SiteLayersPage({ params }: { params: Promise<{ site: string }> }) {
  const { site } = await params;
  const answer = await consoleGet(site, '/api/dealer/site/layers', DealerLayersSchema);
  if (!answer) return <SignedOut />;
  return (
    <ConsoleFrame title="Your site">
      <p>
        Change your hours, special days, phone numbers, who is emailed your leads, banners, offers and your campaign.
        Save a draft, preview it on your real site, then publish: shoppers see it within seconds, and every version can
        be rolled back.
      </p>
      <ul className={styles.layers}>
        {answer.layers.map((layer) => (
          <li key={layer.layer}>
            <a href={`/dealer/site/edit?layer=${encodeURIComponent(layer.layer)}`}>{layer.name}</a>{' '}
            {layer.can_publish
              ? '(you edit and publish)'
              : layer.can_draft
                ? '(you edit; an owner publishes)'
                : '(read only)'}
            {' · '}
            <a href={`/dealer/site/history?layer=${encodeURIComponent(layer.layer)}`}>History</a>
          </li>
        ))}
      </ul>
    </ConsoleFrame>
  );
}
