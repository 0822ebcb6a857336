import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { DataSource } from 'typeorm';
import { EDITOR_ROLES, type DealerRole } from '@platform/domain';
import { notFound, ProblemException, ZodValidationPipe } from '@platform/server-kit';
import type { DealerPrincipal } from '../dealer/dealer-accounts';
import { Dealer, DealerSignedInGuard } from '../dealer/dealer-session';
import { layerTarget, type LayerTarget } from './layer-targets';
import { SiteEditor, type EditorActor } from './site-editor';
import { DraftBodySchema, RollbackBodySchema, type DraftBody, type RollbackBody } from './site-editor.schemas';

type Action = 'read' | keyof typeof EDITOR_ROLES;

const unknownLayer = (): ProblemException => notFound('No such layer', 'You have no site layer of that name to edit.');

/**
 * The site editor for dealers (issue 52). A dealership's users see its layer (`dealership:{slug}`):
 * viewers read it, sales save drafts and preview them, owners publish and roll back. The owners of
 * every dealership of the site (the group's owners) also edit the site's own layer (`site`). Only the
 * fields the schema marks dealer-editable may change, and the opening hours of their locations.
 */
@ApiTags('Dealer console')
@UseGuards(DealerSignedInGuard)
@Controller('api/dealer/site')
export class SiteEditorDealerController {
  constructor(
    private readonly editor: SiteEditor,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  @Get('layers')
  @ApiOperation({ summary: 'The layers you may see in the site editor, with what your role lets you do in each' })
  async layers(@Dealer() dealer: DealerPrincipal) {
    const layers = dealer.memberships.map((m) => ({
      layer: `dealership:${m.slug}`,
      name: m.name,
      can_draft: EDITOR_ROLES.draft.includes(m.role),
      can_publish: EDITOR_ROLES.publish.includes(m.role),
    }));
    if (await this.isGroupOwner(dealer))
      layers.unshift({ layer: 'site', name: `${dealer.siteSlug} (whole site)`, can_draft: true, can_publish: true });
    return { layers };
  }

  @Get('layers/:layer')
  @ApiOperation({
    summary: 'A layer: its published version and document, your draft, others’ drafts, and its locations',
  })
  @ApiResponse({ status: 404, description: 'Not a layer of yours' })
  async view(@Dealer() dealer: DealerPrincipal, @Param('layer') layer: string) {
    const { target, actor, role } = await this.authorise(dealer, layer, 'read');
    return { ...(await this.editor.view(target, actor)), permissions: this.permissions(role) };
  }

  @Put('layers/:layer/draft')
  @ApiOperation({
    summary: 'Save your draft of a layer: { base_version, document: { config, locations? } } (owner, sales)',
  })
  @ApiResponse({
    status: 400,
    description:
      'Problem details naming each field the pages could not show, or that you may not change; nothing saved',
  })
  @ApiResponse({ status: 403, description: 'Your role may not edit' })
  async saveDraft(
    @Dealer() dealer: DealerPrincipal,
    @Param('layer') layer: string,
    @Body(new ZodValidationPipe(DraftBodySchema, 'body')) body: DraftBody,
  ) {
    const { target, actor } = await this.authorise(dealer, layer, 'draft');
    return this.editor.saveDraft(target, actor, body);
  }

  @Delete('layers/:layer/draft')
  @HttpCode(204)
  @ApiOperation({ summary: 'Discard your draft of a layer' })
  async discard(@Dealer() dealer: DealerPrincipal, @Param('layer') layer: string): Promise<void> {
    const { target, actor } = await this.authorise(dealer, layer, 'draft');
    await this.editor.discardDraft(target, actor);
  }

  @Post('layers/:layer/preview')
  @ApiOperation({ summary: 'A link that opens your site with your draft applied (this browser only, 8 hours)' })
  async preview(@Dealer() dealer: DealerPrincipal, @Param('layer') layer: string) {
    const { target, actor } = await this.authorise(dealer, layer, 'draft');
    return this.editor.preview(target, actor);
  }

  @Post('layers/:layer/publish')
  @ApiOperation({ summary: 'Publish your draft whole (owner); the site shows it within seconds' })
  @ApiResponse({ status: 403, description: 'Only owners publish' })
  @ApiResponse({
    status: 409,
    description: 'Someone published since your draft started: the problem lists what changed',
  })
  async publish(@Dealer() dealer: DealerPrincipal, @Param('layer') layer: string) {
    const { target, actor } = await this.authorise(dealer, layer, 'publish');
    return this.editor.publish(target, actor);
  }

  @Get('layers/:layer/history')
  @ApiOperation({ summary: 'Every published version of a layer of yours, newest first: who, when and what changed' })
  async history(@Dealer() dealer: DealerPrincipal, @Param('layer') layer: string) {
    const { target } = await this.authorise(dealer, layer, 'read');
    return this.editor.history(target);
  }

  @Post('layers/:layer/rollback')
  @ApiOperation({ summary: 'Publish an earlier version again, as a new version: { version } (owner)' })
  async rollback(
    @Dealer() dealer: DealerPrincipal,
    @Param('layer') layer: string,
    @Body(new ZodValidationPipe(RollbackBodySchema, 'body')) body: RollbackBody,
  ) {
    const { target, actor } = await this.authorise(dealer, layer, 'publish');
    return this.editor.rollback(target, actor, body.version);
  }

  private permissions(role: DealerRole) {
    return { can_draft: EDITOR_ROLES.draft.includes(role), can_publish: EDITOR_ROLES.publish.includes(role) };
  }

  /** The layer and the user's role on it; 404 for a layer that is not theirs, 403 for an action their role lacks. */
  private async authorise(
    dealer: DealerPrincipal,
    layer: string,
    action: Action,
  ): Promise<{ target: LayerTarget; actor: EditorActor; role: DealerRole }> {
    const actor: EditorActor = { id: `dealer:${dealer.userId}`, name: dealer.name || dealer.email, scope: 'dealer' };
    let role: DealerRole;
    let name: string;
    if (layer === 'site') {
      if (!(await this.isGroupOwner(dealer))) throw unknownLayer();
      role = 'owner';
      name = `site:${dealer.siteSlug}`;
    } else {
      const slug = /^dealership:(.+)$/.exec(layer)?.[1];
      const membership = dealer.memberships.find((m) => m.slug === slug);
      if (!membership) throw unknownLayer();
      role = membership.role;
      name = layer;
    }
    if (action !== 'read' && !EDITOR_ROLES[action].includes(role))
      throw new ProblemException({
        status: 403,
        title: 'Not allowed for your role',
        detail: `Your role is '${role}'; ${action === 'publish' ? 'publishing and rolling back need' : 'editing needs'} ${EDITOR_ROLES[action].map((r) => `'${r}'`).join(' or ')}. Ask an owner of the dealership.`,
      });
    const target = await layerTarget(this.db, name);
    if (target.siteId !== dealer.siteId) throw unknownLayer();
    return { target, actor, role };
  }

  /** An owner of every dealership the site has: the group's owner, who edits the site's own layer. */
  private async isGroupOwner(dealer: DealerPrincipal): Promise<boolean> {
    const rows = (await this.db.query(`SELECT id FROM dealerships WHERE site_id = $1 AND retired_at IS NULL`, [
      dealer.siteId,
    ])) as { id: number }[];
    return (
      rows.length > 0 &&
      rows.every((row) => dealer.memberships.some((m) => m.dealershipId === row.id && m.role === 'owner'))
    );
  }
}
