import { BadRequestException, Controller, Post, Res, ServiceUnavailableException, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import { AdminOnly } from '@shop/service-kit';
import { DECODERS_BUSY, ImageDecodersBusyError, TooCostlyImageError } from './image-decoding.js';
import { ImageStorage } from './image-storage.service.js';
import { MAX_IMAGE_PIXELS, OversizedImageError, UndecodableImageError } from './image-variants.js';
import { MAX_IMAGE_BYTES, UploadErrorsInterceptor } from './upload-errors.interceptor.js';

const NOT_AN_IMAGE = 'Only JPEG, PNG or WebP images are allowed';
const TOO_MANY_PIXELS = `The image is too large (${MAX_IMAGE_PIXELS / 1_000_000} megapixels at most)`;

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
  @ApiOperation({
    summary:
      'Stores a product image (JPEG, PNG or WebP, recognised by its content and decoded; 5 MB, 40 megapixels and IMAGE_DECODE_MAX_BYTES of decoded pixels at most), written again upright and without metadata (EXIF, GPS, XMP, comments), with its copies at 160, 320, 640 and 960 px in AVIF and WebP ({name}-w{width}.{avif|webp})', description: "Admins only: a multipart form with one file field `image`; answers the image's address under /uploads.",
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['image'], properties: { image: { type: 'string', format: 'binary' } } } })
  @ApiProduces('text/plain')
  @ApiCreatedResponse({ description: "The stored image's path, as text: /uploads/{random name}.{png|jpg|webp}", schema: { type: 'string' } })
  @ApiBadRequestResponse({ description: 'No image file, a file that is not a JPEG, PNG or WebP image that decodes, over 40 megapixels, or too costly to decode' })
  @ApiServiceUnavailableResponse({ description: 'Too many images being processed at this moment; Retry-After says when to try again' })
  @ApiPayloadTooLargeResponse({ description: 'The file is over 5 MB' })
  async upload(
    @UploadedFile() file: Express.Multer.File | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    if (!file || file.size === 0) throw new BadRequestException('No image file was sent');
    const type = await fileTypeFromBuffer(file.buffer);
    const extension = type && ACCEPTED_IMAGES[type.mime as keyof typeof ACCEPTED_IMAGES];
    if (!extension) throw new BadRequestException(NOT_AN_IMAGE);
    const path = await this.storage.save(file.buffer, extension).catch((error: unknown) => {
      // Its first bytes said image, but it does not decode, is absurdly large or costly, or must wait: nothing was stored.
      if (error instanceof UndecodableImageError) throw new BadRequestException(NOT_AN_IMAGE);
      if (error instanceof OversizedImageError) throw new BadRequestException(TOO_MANY_PIXELS);
      if (error instanceof TooCostlyImageError) throw new BadRequestException(error.advice);
      if (error instanceof ImageDecodersBusyError) {
        res.setHeader('Retry-After', String(error.retryAfterSeconds));
        throw new ServiceUnavailableException(DECODERS_BUSY);
      }
      throw error;
    });
    // Set here rather than with @Header, which would also label the JSON of an error as text.
    res.type('text/plain');
    return path;
  }
}
