import { Module, type DynamicModule } from '@nestjs/common';
import { ClientAddresses, HealthModule, type LogDestination, loggingModule, SecurityHeaders } from '@shop/service-kit';
import { ApiCacheModule } from './api-cache/api-cache.module.js';
import { ApiDocsModule } from './api-docs/api-docs.module.js';
import type { GatewayConfig } from './config.js';
import { ClientConnections } from './edge/client-connections.js';
import { MetricsPort } from './edge/metrics-port.js';
import { RequestPipeline } from './edge/request-pipeline.js';
import { FrontEndModule } from './front-end/front-end.module.js';
import { GatewayConfigModule } from './gateway-config.module.js';
import { ReleasesModule } from './releases/releases.module.js';
import { UpstreamProxy } from './proxy/upstream-proxy.js';
import { UpstreamsModule } from './proxy/upstreams.module.js';
import { ApiRateLimitModule } from './security/api-rate-limit.module.js';
import { UpstreamHealthModule } from './upstream-health/upstream-health.module.js';

/**
 * The gateway: the one origin the browser talks to. Every request passes RequestPipeline first (see
 * gateway-app.ts): the requests a service answers never enter Nest; the rest reach the gateway's own
 * routes here with their id, request line and security headers already given, and counted by the
 * rate limit.
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
        ReleasesModule,
        // Last: its catch-all route must come after every other route.
        FrontEndModule,
      ],
      providers: [SecurityHeaders, ClientAddresses, ClientConnections, UpstreamProxy, RequestPipeline, MetricsPort],
    };
  }
}
