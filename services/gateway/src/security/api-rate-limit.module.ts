import { Global, Module } from '@nestjs/common';
import { ApiRateLimit } from './api-rate-limit.js';

/**
 * The one per-address count of API requests (ApiRateLimit), shared by the request pipeline (every /api
 * request) and the routes that stand for an API call (the sign-in form's POST /login): one count, one
 * limit, however the call comes in.
 */
@Global()
@Module({ providers: [ApiRateLimit], exports: [ApiRateLimit] })
export class ApiRateLimitModule {}
