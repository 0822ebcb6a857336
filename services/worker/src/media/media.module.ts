import { Module } from '@nestjs/common';
import { MediaProcessors } from './media-processors';

@Module({ providers: [MediaProcessors] })
export class MediaModule {}
