import { createServer, type Server } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG, ShopMetrics } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';

/**
 * The gateway's `/metrics`, on a port of its own (METRICS_PORT): its public port is the shop's one
 * origin, where the whole internet would read them, and a load balancer in front makes every client's
 * address look internal, so no address rule could keep them in. Prometheus scrapes this port, which
 * the deployment never exposes (docs/operations.md, "Metrics"). Anything but GET /metrics is 404.
 */
@Injectable()
export class MetricsPort implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: Server;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
    private readonly metrics: ShopMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.METRICS_PORT;
    if (port === undefined) return;
    const server = createServer((req, res) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || req.url !== '/metrics') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found: Prometheus reads GET /metrics"}');
        return;
      }
      this.metrics.exposition().then(
        ({ contentType, text }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
        (error: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `metrics not read: ${String(error)}` })),
      );
    });
    server.headersTimeout = 10_000;
    server.requestTimeout = 10_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.config.HOST, () => resolve());
    });
    this.server = server;
    this.logger.log(`metrics on http://${this.config.HOST}:${port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
