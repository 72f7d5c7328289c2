import { Module, type DynamicModule } from '@nestjs/common';
import { ClientAddresses, HealthModule, type LogDestination, loggingModule, SecurityHeaders } from '@shop/service-kit';
import { ApiCacheModule } from './api-cache/api-cache.module.js';
import { ApiDocsModule } from './api-docs/api-docs.module.js';
import type { GatewayConfig } from './config.js';
import { ClientConnections } from './edge/client-connections.js';
import { MetricsPort } from './edge/metrics-port.js';
import { RequestPipeline } from './edge/request-pipeline.js';
import { GatewayConfigModule } from './gateway-config.module.js';
import { NotFoundModule } from './not-found/not-found.controller.js';
import { UpstreamProxy } from './proxy/upstream-proxy.js';
import { UpstreamsModule } from './proxy/upstreams.module.js';
import { ApiRateLimitModule } from './security/api-rate-limit.module.js';
import { StorefrontFallback } from './storefront-fallback/storefront-fallback.js';
import { UpstreamHealthModule } from './upstream-health/upstream-health.module.js';

/**
 * The gateway: the one origin the browser talks to, and only its edge (issue 42). Every request passes
 * RequestPipeline first (see gateway-app.ts): the requests a service answers (the API's to catalog, users
 * and orders, everything else to the storefront server) never enter Nest; the rest reach the gateway's
 * own routes here (its health, the services' health, the API document) with their id, request line and
 * security headers already given, and counted by the rate limit.
 */
@Module({})
export class AppModule {
  /** `logs`: where the log lines go instead of stdout (tests). */
  static forRoot(config: GatewayConfig, logs?: LogDestination): DynamicModule {
    return {
      module: AppModule,
      imports: [
        GatewayConfigModule.forRoot(config),
        loggingModule('gateway', config.LOG_LEVEL, logs),
        UpstreamsModule,
        ApiRateLimitModule,
        ApiCacheModule,
        HealthModule.forRoot('gateway', { metricsRoute: false }),
        UpstreamHealthModule,
        ApiDocsModule,
        // Last: its catch-all route must come after every other route.
        NotFoundModule,
      ],
      providers: [SecurityHeaders, ClientAddresses, ClientConnections, UpstreamProxy, RequestPipeline, MetricsPort, StorefrontFallback],
    };
  }
}
