import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ConsoleFrame, param, SignedOut } from '@/components/dealer-console/console-frame';
import { VersionHistory } from '@/components/site-editor/version-history';
import { consoleGet } from '@/lib/api/dealer';
import { personalPage } from '@/lib/edge/personal-page';
import { HistorySchema, LayerViewSchema } from '@/lib/site-editor/editor-api';
import { LAYER_NAME } from '@/lib/site-editor/editor-outcome';
import { rollbackAction } from '../site-actions';

export const metadata: Metadata = personalPage({ title: 'Site history · Dealer console' });
export const dynamic = 'force-dynamic';

/** Every published version of a layer: who, when, what changed, and a way back to any of them. */
export default async function LayerHistoryPage({
  params,
  searchParams,
}: {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { site } = await params;
  const query = await searchParams;
  const layer = param(query['layer']) ?? '';
  if (!LAYER_NAME.test(layer)) notFound();
  const path = `/api/dealer/site/layers/${encodeURIComponent(layer)}`;
  const [view, history] = await Promise.all([
    consoleGet(site, path, LayerViewSchema).catch(() => undefined),
    consoleGet(site, `${path}/history`, HistorySchema).catch(() => undefined),
  ]);
  if (view === null || history === null) return <SignedOut />;
  if (!view || !history) notFound();
  return (
    <ConsoleFrame title={`History of ${view.name}`} notice={param(query['done'])} error={param(query['error'])}>
      <p>
        <a href={`/dealer/site/edit?layer=${encodeURIComponent(layer)}`}>Back to the editor</a>
      </p>
      <VersionHistory
        versions={history.versions}
        live={view.version}
        rollback={view.permissions?.can_publish ? { action: rollbackAction, fields: { site, layer } } : null}
      />
    </ConsoleFrame>
  );
}
