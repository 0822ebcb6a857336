import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { createMediaStore } from '@platform/media';
import { ENV } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { MediaController } from './media.controller';
import { PhotoServer } from './photo-server';

export const MEDIA_STORE = Symbol('MEDIA_STORE');

/**
 * Stored dealer photos: the store the worker writes to (the same MEDIA_* settings, see
 * @platform/media's MediaStoreEnvShape), read by the serving route and by anything in the api
 * that needs a photo's bytes (the printable PDF).
 */
@Module({
  controllers: [MediaController],
  providers: [
    { provide: MEDIA_STORE, inject: [ENV], useFactory: (env: ApiEnv) => createMediaStore(env) },
    {
      provide: PhotoServer,
      inject: [MEDIA_STORE, ENV, getDataSourceToken()],
      useFactory: (store: ReturnType<typeof createMediaStore>, env: ApiEnv, db: DataSource) =>
        new PhotoServer(store, db, env.MEDIA_GENERATE_CONCURRENCY),
    },
  ],
  exports: [MEDIA_STORE, PhotoServer],
})
export class MediaModule {}
