import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { siteConfigFormSchema } from '@platform/domain';
import { ConsoleFrame, param } from '@/components/dealer-console/console-frame';
import { LayerEditor } from '@/components/site-editor/layer-editor';
import type { SchemaNode } from '@/components/site-editor/schema-form';
import { opsGet } from '@/lib/api/ops';
import { personalPage } from '@/lib/edge/personal-page';
import { LayerViewSchema } from '@/lib/site-editor/editor-api';
import { LAYER_NAME } from '@/lib/site-editor/editor-outcome';
import { opsDiscardAction, opsPreviewAction, opsPublishAction, opsSaveDraftAction } from '../../../site-editor-actions';

export const metadata: Metadata = personalPage({ title: 'Edit configuration · Ops console' });
export const dynamic = 'force-dynamic';

/** Any layer of a site in the editor, every setting the schema takes. */
export default async function OpsEditLayerPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { slug } = await params;
  const layer = param((await searchParams)['layer']) ?? '';
  if (!LAYER_NAME.test(layer)) notFound();
  const view = await opsGet(`/api/ops/site-editor/layers/${encodeURIComponent(layer)}`, LayerViewSchema).catch(
    () => null,
  );
  if (!view) notFound();
  return (
    <ConsoleFrame title={`Edit ${view.name}`}>
      <p>
        <a href={`/sites/${slug}`}>Back to the site</a>
      </p>
      <LayerEditor
        view={view}
        schema={siteConfigFormSchema('full') as SchemaNode}
        historyHref={`/sites/${slug}/history?layer=${encodeURIComponent(layer)}`}
        canDraft
        canPublish
        actions={{
          save: opsSaveDraftAction.bind(null, layer),
          preview: opsPreviewAction.bind(null, layer),
          publish: opsPublishAction.bind(null, layer),
          discard: opsDiscardAction.bind(null, layer),
        }}
      />
    </ConsoleFrame>
  );
}
