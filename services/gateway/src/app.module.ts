import { Module, RequestMethod, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { HealthModule, loggingModule, type LogDestination } from '@shop/service-kit';
import { ApiCache } from './api-cache/api-cache.service.js';
import { ApiDocsModule } from './api-docs/api-docs.module.js';
import type { GatewayConfig } from './config.js';
import { FrontEndModule } from './front-end/front-end.module.js';
import { GatewayConfigModule } from './gateway-config.module.js';
import { ProxiedRequestHandler } from './proxy/proxied-request.handler.js';
import { UpstreamAgent } from './proxy/upstream-agent.js';
import { UpstreamProxy } from './proxy/upstream-proxy.js';
import { ApiRateLimit } from './security/api-rate-limit.js';
import { ClientAddresses } from './security/client-addresses.js';
import { UpstreamPool } from './proxy/upstream-pool.js';
import { RateLimitMiddleware } from './security/rate-limit.middleware.js';
import { SecurityHeaders } from './security/security-headers.js';
import { SecurityHeadersMiddleware } from './security/security-headers.middleware.js';
import { UpstreamHealthModule } from './upstream-health/upstream-health.module.js';

/**
 * The gateway: the one origin the browser talks to. The requests a service answers are taken before
 * Nest by ProxiedRequestHandler (see gateway-app.ts). The rest, the gateway's own routes, pass in
 * this order: the logger (service-kit's, global, so first: it gives the request its id), the
 * security headers, the rate limit, then the routes.
 */
@Module({})
export class AppModule implements NestModule {
  /** `logs`: where the log lines go instead of stdout (tests). */
  static forRoot(config: GatewayConfig, logs?: LogDestination): DynamicModule {
    return {
      module: AppModule,
      imports: [
        GatewayConfigModule.forRoot(config),
        loggingModule('gateway', config.LOG_LEVEL, logs),
        HealthModule.forRoot('gateway'),
        UpstreamHealthModule,
        ApiDocsModule,
        // Last: its catch-all route must come after every other route.
        FrontEndModule,
      ],
      providers: [UpstreamAgent, UpstreamPool, SecurityHeaders, ClientAddresses, ApiRateLimit, ApiCache, UpstreamProxy, ProxiedRequestHandler],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SecurityHeadersMiddleware, RateLimitMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
