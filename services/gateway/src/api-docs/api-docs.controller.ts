import { Controller, Get, Header, NotFoundException, Param, Res } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiDocs } from './api-docs.service.js';
import { SWAGGER_UI_ASSETS, SWAGGER_UI_DIR, SWAGGER_UI_INITIALIZER, SWAGGER_UI_PAGE } from './swagger-ui.js';

/**
 * The whole API's documentation: Swagger UI at /api/docs, the merged document
 * at /api/docs/openapi.json. Served by ordinary routes (not SwaggerModule.setup,
 * whose routes would come before the gateway's middleware), so the docs get
 * request ids, logs, security headers and the rate limit like every other call.
 */
@Controller('api/docs')
export class ApiDocsController {
  constructor(private readonly docs: ApiDocs) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return SWAGGER_UI_PAGE;
  }

  @Get('openapi.json')
  document(): Promise<OpenAPIObject> {
    return this.docs.document();
  }

  @Get('swagger-initializer.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  initializer(): string {
    return SWAGGER_UI_INITIALIZER;
  }

  @Get(':asset')
  asset(@Param('asset') asset: string, @Res() res: Response): void {
    if (!SWAGGER_UI_ASSETS.has(asset)) throw new NotFoundException('Not found');
    res.sendFile(asset, { root: SWAGGER_UI_DIR, maxAge: '1d' });
  }
}
