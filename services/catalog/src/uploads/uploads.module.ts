import { Module } from '@nestjs/common';
import { ImageStorage } from './image-storage.service.js';
import { ImagesController } from './images.controller.js';
import { UploadsController } from './uploads.controller.js';

/** Product images: admins upload them; everyone gets them at /uploads/{name}. */
@Module({
  controllers: [UploadsController, ImagesController],
  providers: [ImageStorage],
  exports: [ImageStorage],
})
export class UploadsModule {}
