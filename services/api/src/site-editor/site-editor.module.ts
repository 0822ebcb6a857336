import { Module } from '@nestjs/common';
import { DealerModule } from '../dealer/dealer.module';
import { SiteEditor } from './site-editor';
import { SiteEditorDealerController } from './site-editor-dealer.controller';
import { SiteEditorOpsController } from './site-editor-ops.controller';

/** Dealers and operators change sites themselves: drafts, preview, publish, history, rollback (issue 52). */
@Module({
  imports: [DealerModule],
  controllers: [SiteEditorDealerController, SiteEditorOpsController],
  providers: [SiteEditor],
  exports: [SiteEditor],
})
export class SiteEditorModule {}
