import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { ErrorBody } from '@shop/contracts';
import { ImageFileParams } from './dto/image-file.params.js';
import { DECODERS_BUSY, ImageDecodersBusyError } from './image-decoding.js';
import { IMAGES_ROUTE } from './image-files.js';
import { CONTENT_TYPES, ImageStorage } from './image-storage.service.js';

/** The formats of the images served, each once. */
const IMAGE_TYPES = [...new Set(Object.values(CONTENT_TYPES))].filter((type) => type !== undefined);

/** Uploaded images and their copies have random names and never change; the shop's own images may change with a release. */
const UPLOADED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-w\d+)?\./;

@ApiTags('uploads')
@Controller(IMAGES_ROUTE)
export class ImagesController {
  constructor(private readonly storage: ImageStorage) {}

  @Get(':file')
  @ApiOperation({ summary: "An uploaded or demo image, or an uploaded image's resized copy ({name}-w{160|320|640|960}.{avif|webp}), with its content type", description: 'Public: the image file itself, with a Content-Type that says its format; uploaded images are cached for a year (their names never change).' })
  @ApiOkResponse({
    description: 'The image, in the format its Content-Type says',
    content: Object.fromEntries(IMAGE_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  })
  @ApiBadRequestResponse({ description: 'Not an image name (e.g. a path)' })
  @ApiNotFoundResponse({ description: 'Image not found' })
  @ApiServiceUnavailableResponse({ description: 'A copy that must be made first cannot be made at this moment; Retry-After says when to try again' })
  async serve(@Param() { file }: ImageFileParams, @Res() res: Response): Promise<void> {
    const image = await this.storage.read(file).catch((error: unknown) => {
      if (!(error instanceof ImageDecodersBusyError)) throw error;
      res.status(503).set('Retry-After', String(error.retryAfterSeconds)).json({ message: DECODERS_BUSY } satisfies ErrorBody);
      return null;
    });
    if (image === null) return;
    if (!image) {
      res.status(404).json({ message: 'Image not found' } satisfies ErrorBody);
      return;
    }
    const immutable = UPLOADED_NAME.test(file);
    res
      .type(image.contentType)
      .set({
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
        // An SVG opened on its own runs no script and loads nothing.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      })
      // Express adds the ETag and answers 304 to a matching If-None-Match.
      .send(image.content);
  }
}
