import type { RequestOptions } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';
import { getFromUpstream, UPSTREAMS, upstreamUrlsOf, type Upstream } from '../upstreams.js';
import { UpstreamAgent } from './upstream-agent.js';

/** One replica of a service, as node:http takes it, and what the gateway knows of its state. */
export interface Replica {
  upstream: Upstream;
  url: string;
  https: boolean;
  options: Pick<RequestOptions, 'protocol' | 'hostname' | 'port' | 'agent'>;
  /** The service's base path, without its trailing slash: the request's path goes below it. */
  basePath: string;
  /** Its /ready said yes at the last probe (replicas of a service that has one only are not probed). */
  ready: boolean;
  /** A request to it failed to connect: it is passed over until then. */
  downUntil: number;
}

/** How often replicas are asked whether they are ready, and how long one whose connection failed is passed over. */
const PROBE_EVERY_MS = 2_000;
const PROBE_TIMEOUT_MS = 1_000;
const DOWN_FOR_MS = 2_000;

/**
 * The replicas of each service (CATALOG_URL, USERS_URL, ORDERS_URL each list one or more) and the
 * choice among them: round robin over the replicas that are ready and not passed over, so a replica
 * that is down or not ready gets no requests. A replica is passed over for 2 s after a connection
 * to it failed, and asked for /ready every 2 s (only services with several replicas: with one
 * there is no choice to make). When no replica looks usable, every one is tried all the same.
 */
@Injectable()
export class UpstreamPool implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Upstreams');
  private readonly replicas: Record<Upstream, Replica[]>;
  private readonly turn: Record<Upstream, number> = { catalog: 0, users: 0, orders: 0 };
  private timer?: NodeJS.Timeout;

  constructor(@Inject(SERVICE_CONFIG) config: GatewayConfig, agent: UpstreamAgent) {
    const urls = upstreamUrlsOf(config);
    this.replicas = Object.fromEntries(
      UPSTREAMS.map((upstream) => [
        upstream,
        urls[upstream].map((raw): Replica => {
          const url = new URL(raw);
          const https = url.protocol === 'https:';
          return {
            upstream,
            url: raw,
            https,
            options: { protocol: url.protocol, hostname: url.hostname, port: url.port, agent: https ? undefined : agent },
            basePath: url.pathname.replace(/\/$/, ''),
            ready: true,
            downUntil: 0,
          };
        }),
      ]),
    ) as Record<Upstream, Replica[]>;
  }

  onApplicationBootstrap(): void {
    if (!UPSTREAMS.some((upstream) => this.replicas[upstream].length > 1)) return;
    this.timer = setInterval(() => void this.probe(), PROBE_EVERY_MS);
    this.timer.unref();
    void this.probe();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Every replica of a service. */
  all(upstream: Upstream): readonly Replica[] {
    return this.replicas[upstream];
  }

  /** The replica the next request goes to, other than `avoid` when there is another. */
  pick(upstream: Upstream, avoid?: Replica): Replica {
    const replicas = this.replicas[upstream];
    if (replicas.length === 1) return replicas[0];
    const now = Date.now();
    const others = replicas.filter((replica) => replica !== avoid);
    const usable = others.filter((replica) => replica.ready && replica.downUntil <= now);
    const choice = usable.length > 0 ? usable : others.length > 0 ? others : replicas;
    this.turn[upstream] = (this.turn[upstream] + 1) % choice.length;
    return choice[this.turn[upstream]];
  }

  /** A connection to the replica failed: pass it over for a while (until a probe finds it ready). */
  failed(replica: Replica): void {
    if (this.replicas[replica.upstream].length === 1) return;
    replica.downUntil = Date.now() + DOWN_FOR_MS;
  }

  private async probe(): Promise<void> {
    await Promise.all(
      UPSTREAMS.filter((upstream) => this.replicas[upstream].length > 1).flatMap((upstream) =>
        this.replicas[upstream].map(async (replica) => {
          const reply = await getFromUpstream(replica.url, '/ready', { timeoutMs: PROBE_TIMEOUT_MS });
          const ready = reply.answered && reply.status === 200;
          if (ready !== replica.ready) this.logger.log(`${upstream} at ${replica.url} is ${ready ? 'ready again' : 'not ready: passed over'}`);
          replica.ready = ready;
          if (ready) replica.downUntil = 0;
        }),
      ),
    );
  }
}
