import { Controller, Get, Header, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags, type OpenAPIObject } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiDocs } from './api-docs.service.js';
import { GATEWAY_TAG } from './gateway-api.js';
import { SWAGGER_UI_ASSETS, SWAGGER_UI_DIR, SWAGGER_UI_INITIALIZER, SWAGGER_UI_PAGE } from './swagger-ui.js';

const text = { schema: { type: 'string' } };

/**
 * The whole API's documentation: Swagger UI at /api/docs, the merged document
 * at /api/docs/openapi.json. Served by ordinary routes (not SwaggerModule.setup,
 * whose routes would come before the gateway's middleware), so the docs get
 * request ids, logs, security headers and the rate limit like every other call.
 */
@ApiTags(GATEWAY_TAG)
@Controller('api/docs')
export class ApiDocsController {
  constructor(private readonly docs: ApiDocs) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiOperation({ summary: "The API's documentation page (Swagger UI)", description: 'Public: an HTML page that shows the document at /api/docs/openapi.json.' })
  @ApiOkResponse({ description: 'The page', content: { 'text/html': text } })
  page(): string {
    return SWAGGER_UI_PAGE;
  }

  @Get('openapi.json')
  @ApiOperation({
    summary: "The whole API's OpenAPI document: the gateway's own calls and every service's, as the browser makes them through the gateway",
    description:
      'Public: merged from the services\' own documents, kept 30 seconds (5 while a service does not answer; its part is then missing and the description says so).',
  })
  @ApiOkResponse({ description: 'An OpenAPI 3.0 document', content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } } })
  document(): Promise<OpenAPIObject> {
    return this.docs.document();
  }

  @Get('swagger-initializer.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  @ApiOperation({ summary: "The documentation page's script", description: 'Public: starts Swagger UI on the page with this API\'s document.' })
  @ApiOkResponse({ description: 'The script', content: { 'text/javascript': text } })
  initializer(): string {
    return SWAGGER_UI_INITIALIZER;
  }

  @Get(':asset')
  @ApiOperation({ summary: "One of Swagger UI's files that the documentation page loads", description: 'Public: its style sheet, its script and its icon, each cached a day.' })
  @ApiParam({ name: 'asset', description: `The file's name: ${[...SWAGGER_UI_ASSETS].join(', ')}` })
  @ApiProduces('text/css', 'text/javascript', 'image/png')
  @ApiOkResponse({
    description: 'The file, in the format its Content-Type says',
    content: { 'text/css': text, 'text/javascript': text, 'image/png': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiNotFoundResponse({ description: 'Not one of its files' })
  asset(@Param('asset') asset: string, @Res() res: Response): void {
    if (!SWAGGER_UI_ASSETS.has(asset)) throw new NotFoundException('Not found');
    res.sendFile(asset, { root: SWAGGER_UI_DIR, maxAge: '1d' });
  }
}
