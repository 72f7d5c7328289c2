import { Controller, Get, Logger, Param, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { ErrorBody } from '@shop/contracts';
import { ImageFileParams } from './dto/image-file.params.js';
import { IMAGES_ROUTE } from './image-files.js';
import { ImageStorage } from './image-storage.service.js';

/** Uploaded images have random names and never change; the shop's own images may change with a release. */
const UPLOADED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\./;

@ApiTags('uploads')
@Controller(IMAGES_ROUTE)
export class ImagesController {
  private readonly logger = new Logger('Images');

  constructor(private readonly storage: ImageStorage) {}

  @Get(':file')
  @ApiOperation({ summary: 'An uploaded or demo image, with its content type' })
  @ApiProduces('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml')
  @ApiOkResponse({ description: 'The image' })
  @ApiBadRequestResponse({ description: 'Not an image name (e.g. a path)' })
  @ApiNotFoundResponse({ description: 'Image not found' })
  serve(@Param() { file }: ImageFileParams, @Res() res: Response): void {
    const immutable = UPLOADED_NAME.test(file);
    res.sendFile(
      file,
      {
        root: this.storage.dir,
        dotfiles: 'deny',
        maxAge: immutable ? '365d' : '1d',
        immutable,
        headers: {
          'X-Content-Type-Options': 'nosniff',
          // An SVG opened on its own runs no script and loads nothing.
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        },
      },
      (error?: Error & { status?: number; statusCode?: number }) => {
        if (!error || res.headersSent) return;
        const status = error.status ?? error.statusCode ?? 500;
        if (status >= 500) this.logger.error(`cannot send ${file}: ${error.message}`);
        const message = status === 404 ? 'Image not found' : status < 500 ? 'The image cannot be sent as requested' : 'The image could not be read';
        res.status(status).json({ message } satisfies ErrorBody);
      },
    );
  }
}
