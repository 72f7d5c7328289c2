import { Agent } from 'node:http';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';

/**
 * The connections to the services, shared by the proxy and the API cache: kept open and reused.
 * With a timeout set, Node's agent also drops an idle one a second before the service's announced
 * keep-alive ends, so no request goes out on a connection being closed. (A connection closed after
 * each answer would also lose the answer a service gives before reading the whole body, such as a
 * 401 to an upload.)
 */
@Injectable()
export class UpstreamAgent extends Agent implements OnApplicationShutdown {
  constructor(@Inject(SERVICE_CONFIG) config: GatewayConfig) {
    super({ keepAlive: true, timeout: config.UPSTREAM_TIMEOUT_MS });
  }

  /** The gateway is stopping: its idle connections to the services go with it. */
  onApplicationShutdown(): void {
    this.destroy();
  }
}
