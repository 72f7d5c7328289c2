import { Module } from '@nestjs/common';
import { ApiDocsController } from './api-docs.controller.js';
import { ApiDocs } from './api-docs.service.js';

/** OpenAPI documentation of the whole API, merged from the services' own documents. */
@Module({ controllers: [ApiDocsController], providers: [ApiDocs] })
export class ApiDocsModule {}
