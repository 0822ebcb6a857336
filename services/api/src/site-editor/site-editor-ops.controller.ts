import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseGuards, UseInterceptors } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { DataSource } from 'typeorm';
import { ZodValidationPipe } from '@platform/server-kit';
import { currentOpsActor, OpsActorInterceptor, OPS_TOKEN_ACTOR } from '../ops-access/ops-actor';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { layerTarget } from './layer-targets';
import { SiteEditor, type EditorActor } from './site-editor';
import { DraftBodySchema, RollbackBodySchema, type DraftBody, type RollbackBody } from './site-editor.schemas';

/** The operator making the request, as the editor names them: an operator by address, or the machine token. */
function opsEditor(): EditorActor {
  const actor = currentOpsActor();
  const email = actor.startsWith('operator:') ? actor.split(':').slice(2).join(':') : null;
  return {
    id: actor,
    name: actor === OPS_TOKEN_ACTOR ? 'Platform operations (ops token)' : (email ?? actor),
    scope: 'full',
  };
}

/**
 * The site editor for platform operators (issue 52): any layer (site:{slug}, dealership:{slug},
 * template:{name}, manufacturer:{slug}), every field the schema takes. The same document, drafts,
 * versions and rules as the dealers' editor (/api/dealer/site/...).
 */
@ApiTags('Ops')
@ApiBearerAuth('opsToken')
@UseGuards(OpsAuthGuard)
@UseInterceptors(OpsActorInterceptor)
@Controller('api/ops/site-editor/layers')
export class SiteEditorOpsController {
  constructor(
    private readonly editor: SiteEditor,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  @Get(':layer')
  @ApiOperation({
    summary: 'A layer: its published version and document, your draft, others’ drafts, and its locations',
  })
  @ApiResponse({ status: 404, description: 'No such layer (a retired site or dealership is none)' })
  async view(@Param('layer') layer: string) {
    return this.editor.view(await layerTarget(this.db, layer), opsEditor());
  }

  @Put(':layer/draft')
  @ApiOperation({ summary: 'Save your draft of a layer: { base_version, document: { config, locations? } }' })
  @ApiResponse({
    status: 400,
    description: 'Problem details naming each field the pages could not show; nothing saved',
  })
  async saveDraft(
    @Param('layer') layer: string,
    @Body(new ZodValidationPipe(DraftBodySchema, 'body')) body: DraftBody,
  ) {
    return this.editor.saveDraft(await layerTarget(this.db, layer), opsEditor(), body);
  }

  @Delete(':layer/draft')
  @HttpCode(204)
  @ApiOperation({ summary: 'Discard your draft of a layer' })
  async discard(@Param('layer') layer: string): Promise<void> {
    await this.editor.discardDraft(await layerTarget(this.db, layer), opsEditor());
  }

  @Post(':layer/preview')
  @ApiOperation({
    summary: "A link that opens the layer's site with your draft applied, for 8 hours (site and dealership layers)",
  })
  @ApiResponse({ status: 404, description: 'You have no draft of this layer' })
  async preview(@Param('layer') layer: string) {
    return this.editor.preview(await layerTarget(this.db, layer), opsEditor());
  }

  @Post(':layer/publish')
  @ApiOperation({ summary: 'Publish your draft whole; the pages of every process show it within seconds' })
  @ApiResponse({
    status: 409,
    description: 'Someone published since your draft started: the problem lists what changed',
  })
  async publish(@Param('layer') layer: string) {
    return this.editor.publish(await layerTarget(this.db, layer), opsEditor());
  }

  @Get(':layer/history')
  @ApiOperation({ summary: 'Every published version, newest first: who, when and what changed (field, before, after)' })
  async history(@Param('layer') layer: string) {
    return this.editor.history(await layerTarget(this.db, layer));
  }

  @Post(':layer/rollback')
  @ApiOperation({ summary: 'Publish an earlier version again, as a new version: { version }' })
  @ApiResponse({ status: 404, description: 'No such version' })
  async rollback(
    @Param('layer') layer: string,
    @Body(new ZodValidationPipe(RollbackBodySchema, 'body')) body: RollbackBody,
  ) {
    return this.editor.rollback(await layerTarget(this.db, layer), opsEditor(), body.version);
  }
}
