import { Module } from '@nestjs/common';
import { DealerModule } from '../dealer/dealer.module';
import { MediaModule } from '../media/media.module';
import { SiteEditor } from './site-editor';
import { SiteEditorDealerController } from './site-editor-dealer.controller';
import { SiteEditorOpsController } from './site-editor-ops.controller';
import { SiteImages } from './site-images';
import { SiteImagesDealerController, SiteImagesOpsController } from './site-images.controller';

/** Dealers and operators change sites themselves: drafts, preview, publish, history, rollback, and images (issue 52). */
@Module({
  imports: [DealerModule, MediaModule],
  controllers: [
    SiteEditorDealerController,
    SiteEditorOpsController,
    SiteImagesDealerController,
    SiteImagesOpsController,
  ],
  providers: [SiteEditor, SiteImages],
  exports: [SiteEditor],
})
export class SiteEditorModule {}
