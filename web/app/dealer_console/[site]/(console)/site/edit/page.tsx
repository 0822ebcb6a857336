import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { siteConfigFormSchema } from '@platform/domain';
import { ConsoleFrame, param, SignedOut } from '@/components/dealer-console/console-frame';
import { LayerEditor } from '@/components/site-editor/layer-editor';
import type { SchemaNode } from '@/components/site-editor/schema-form';
import { getSite } from '@/lib/api';
import { consoleGet } from '@/lib/api/dealer';
import { personalPage } from '@/lib/edge/personal-page';
import { LayerViewSchema } from '@/lib/site-editor/editor-api';
import { LAYER_NAME } from '@/lib/site-editor/editor-outcome';
import { discardAction, previewAction, publishAction, saveDraftAction, uploadImageAction } from '../site-actions';

export const metadata: Metadata = personalPage({ title: 'Edit your site · Dealer console' });
export const dynamic = 'force-dynamic';

/** One layer in the editor: its hours and the settings a dealership changes itself. */
export default async function EditLayerPage({
  params,
  searchParams,
}: {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { site } = await params;
  const layer = param((await searchParams)['layer']) ?? '';
  if (!LAYER_NAME.test(layer)) notFound();
  const view = await consoleGet(site, `/api/dealer/site/layers/${encodeURIComponent(layer)}`, LayerViewSchema).catch(
    () => undefined,
  );
  if (view === null) return <SignedOut />;
  if (!view) notFound();
  const shop = await getSite(site);
  return (
    <ConsoleFrame title={`Edit ${view.name}`}>
      <LayerEditor
        view={view}
        schema={siteConfigFormSchema('dealer') as SchemaNode}
        inherited={shop.config}
        historyHref={`/dealer/site/history?layer=${encodeURIComponent(layer)}`}
        canDraft={view.permissions?.can_draft ?? false}
        canPublish={view.permissions?.can_publish ?? false}
        actions={{
          save: saveDraftAction.bind(null, site, layer),
          preview: previewAction.bind(null, site, layer),
          publish: publishAction.bind(null, site, layer),
          discard: discardAction.bind(null, site, layer),
          uploadImage: uploadImageAction.bind(null, site),
        }}
      />
    </ConsoleFrame>
  );
}
