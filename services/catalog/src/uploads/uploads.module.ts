import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { CatalogConfig } from '../config.js';
import { ImageStorage } from './image-storage.service.js';
import { ImagesController } from './images.controller.js';
import { UploadsController } from './uploads.controller.js';
import { DatabaseImageStore } from './stores/database-image-store.js';
import { IMAGE_STORE, type ImageStore } from './stores/image-store.js';

/** Product images: admins upload them; everyone gets them at /uploads/{name}. */
@Module({
  controllers: [UploadsController, ImagesController],
  providers: [
    {
      provide: IMAGE_STORE,
      inject: [SERVICE_CONFIG, DataSource],
      useFactory: async (config: CatalogConfig, dataSource: DataSource): Promise<ImageStore> => {
        if (!config.IMAGE_BUCKET) return new DatabaseImageStore(dataSource);
        // The S3 client is loaded only when a bucket is named: the default needs nothing of it.
        const { BucketImageStore } = await import('./stores/bucket-image-store.js');
        return new BucketImageStore(config.IMAGE_BUCKET, config);
      },
    },
    ImageStorage,
  ],
  exports: [ImageStorage],
})
export class UploadsModule {}
