import { Global, Module } from '@nestjs/common';
import { ClientAddresses } from '../security/client-addresses.js';
import { SecurityHeaders } from '../security/security-headers.js';
import { ApiCache } from './api-cache.service.js';

/** The one shared cache of public API answers: the request pipeline's, and the server render's reads (docs/ssr.md). */
@Global()
@Module({ providers: [ApiCache, SecurityHeaders, ClientAddresses], exports: [ApiCache] })
export class ApiCacheModule {}
