import { Module, RequestMethod, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { HealthModule, loggingModule } from '@shop/service-kit';
import { ApiCacheMiddleware } from './api-cache/api-cache.middleware.js';
import { ApiCache } from './api-cache/api-cache.service.js';
import { ApiDocsModule } from './api-docs/api-docs.module.js';
import type { GatewayConfig } from './config.js';
import { FrontEndModule } from './front-end/front-end.module.js';
import { GatewayConfigModule } from './gateway-config.module.js';
import { UpstreamAgent } from './proxy/upstream-agent.js';
import { UpstreamProxyMiddleware } from './proxy/upstream-proxy.middleware.js';
import { RateLimitMiddleware } from './security/rate-limit.middleware.js';
import { SecurityHeadersMiddleware } from './security/security-headers.middleware.js';
import { UpstreamHealthModule } from './upstream-health/upstream-health.module.js';

/**
 * The gateway: the one origin the browser talks to. Every request passes, in
 * this order, the logger (global, so first: it gives the request its id),
 * the security headers, the rate limit, the API cache (anonymous reads of the
 * public catalog), then the proxy to its service; what no service answers goes
 * on to the gateway's own routes.
 */
@Module({})
export class AppModule implements NestModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        GatewayConfigModule.forRoot(config),
        loggingModule('gateway', config.LOG_LEVEL),
        HealthModule.forRoot('gateway'),
        UpstreamHealthModule,
        ApiDocsModule,
        // Last: its catch-all route must come after every other route.
        FrontEndModule,
      ],
      providers: [UpstreamAgent, ApiCache],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(SecurityHeadersMiddleware, RateLimitMiddleware, ApiCacheMiddleware, UpstreamProxyMiddleware)
      .forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
