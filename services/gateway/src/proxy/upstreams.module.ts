import { Global, Module } from '@nestjs/common';
import { SERVICE_CONFIG, UPSTREAM_SERVICES, UpstreamPool, type UpstreamServices } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';
import { upstreamUrlsOf } from '../upstreams.js';

/** The services' replicas and their connections, for every part of the gateway that calls a service. */
@Global()
@Module({
  providers: [
    {
      provide: UPSTREAM_SERVICES,
      inject: [SERVICE_CONFIG],
      useFactory: (config: GatewayConfig): UpstreamServices => ({ urls: upstreamUrlsOf(config), timeoutMs: config.UPSTREAM_TIMEOUT_MS }),
    },
    UpstreamPool,
  ],
  exports: [UpstreamPool],
})
export class UpstreamsModule {}
