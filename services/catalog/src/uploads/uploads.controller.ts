import { BadRequestException, Controller, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import { AdminOnly } from '@shop/service-kit';
import { ImageStorage } from './image-storage.service.js';
import { MAX_IMAGE_BYTES, UploadErrorsInterceptor } from './upload-errors.interceptor.js';

/** The image formats accepted, by what file-type recognises in the content, with the extension they are stored under. */
const ACCEPTED_IMAGES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

@ApiTags('uploads')
@Controller('api/upload')
export class UploadsController {
  constructor(private readonly storage: ImageStorage) {}

  @Post()
  @AdminOnly()
  // Guards run first: only an admin's form is read. The file is kept in memory (5 MB at most) until it is checked.
  @UseInterceptors(
    UploadErrorsInterceptor,
    FileInterceptor('image', {
      storage: multer.memoryStorage(),
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1 },
    }),
  )
  @ApiOperation({ summary: 'Stores a product image (JPEG, PNG or WebP, recognised by its content; 5 MB at most)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['image'], properties: { image: { type: 'string', format: 'binary' } } } })
  @ApiProduces('text/plain')
  @ApiCreatedResponse({ description: "The stored image's path, as text: /uploads/{random name}.{png|jpg|webp}", schema: { type: 'string' } })
  @ApiBadRequestResponse({ description: 'No image file, or a file that is not a JPEG, PNG or WebP image' })
  @ApiPayloadTooLargeResponse({ description: 'The file is over 5 MB' })
  async upload(
    @UploadedFile() file: Express.Multer.File | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    if (!file || file.size === 0) throw new BadRequestException('No image file was sent');
    const type = await fileTypeFromBuffer(file.buffer);
    const extension = type && ACCEPTED_IMAGES[type.mime as keyof typeof ACCEPTED_IMAGES];
    if (!extension) throw new BadRequestException('Only JPEG, PNG or WebP images are allowed');
    const path = await this.storage.save(file.buffer, extension);
    // Set here rather than with @Header, which would also label the JSON of an error as text.
    res.type('text/plain');
    return path;
  }
}
