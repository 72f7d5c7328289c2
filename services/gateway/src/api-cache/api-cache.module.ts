import { Global, Module } from '@nestjs/common';
import { ApiCache } from './api-cache.service.js';
import { ClientAddresses, SecurityHeaders } from '@shop/service-kit';

/** The one shared cache of public API answers: the request pipeline's, and the server render's reads (docs/ssr.md). */
@Global()
@Module({ providers: [ApiCache, SecurityHeaders, ClientAddresses], exports: [ApiCache] })
export class ApiCacheModule {}
