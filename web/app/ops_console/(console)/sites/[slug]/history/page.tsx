import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ConsoleFrame, param } from '@/components/dealer-console/console-frame';
import { VersionHistory } from '@/components/site-editor/version-history';
import { opsGet } from '@/lib/api/ops';
import { personalPage } from '@/lib/edge/personal-page';
import { HistorySchema, LayerViewSchema } from '@/lib/site-editor/editor-api';
import { LAYER_NAME } from '@/lib/site-editor/editor-outcome';
import { opsRollbackAction } from '../../../site-editor-actions';

export const metadata: Metadata = personalPage({ title: 'Configuration history · Ops console' });
export const dynamic = 'force-dynamic';

/** Every published version of a layer, with rollback. */
export default async function OpsLayerHistoryPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { slug } = await params;
  const query = await searchParams;
  const layer = param(query['layer']) ?? '';
  if (!LAYER_NAME.test(layer)) notFound();
  const path = `/api/ops/site-editor/layers/${encodeURIComponent(layer)}`;
  const [view, history] = await Promise.all([
    opsGet(path, LayerViewSchema).catch(() => null),
    opsGet(`${path}/history`, HistorySchema).catch(() => null),
  ]);
  if (!view || !history) notFound();
  return (
    <ConsoleFrame title={`History of ${view.name}`} notice={param(query['done'])} error={param(query['error'])}>
      <p>
        <a href={`/sites/${slug}/edit?layer=${encodeURIComponent(layer)}`}>Back to the editor</a>
      </p>
      <VersionHistory
        versions={history.versions}
        live={view.version}
        rollback={{ action: opsRollbackAction, fields: { site: slug, layer } }}
      />
    </ConsoleFrame>
  );
}
