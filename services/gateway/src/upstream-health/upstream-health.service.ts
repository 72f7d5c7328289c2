import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, UpstreamPool, type UpstreamReply } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';
import { probeTimeoutOf, UPSTREAMS, type Upstream } from '../upstreams.js';

/** One service as its `/ready` describes it: its database and NATS among the checks. */
export interface ServiceHealth {
  status: 'up' | 'down';
  checks?: Record<string, string>;
  /** With several replicas: how many are ready (the service is up when one is). */
  replicas?: { ready: number; total: number };
  /** Why it is down, when it says or does not answer. */
  message?: string;
}

/** The shop's health as GET /api/health answers it. */
export interface ShopHealth {
  status: 'ok' | 'degraded';
  services: Record<Upstream, ServiceHealth>;
}

/** Asks every service whether it is ready, all at once, each bounded in time. */
@Injectable()
export class UpstreamHealth {
  private readonly timeoutMs: number;

  constructor(
    @Inject(SERVICE_CONFIG) config: GatewayConfig,
    private readonly pool: UpstreamPool,
  ) {
    this.timeoutMs = probeTimeoutOf(config);
  }

  async report(requestId?: string): Promise<ShopHealth> {
    const entries = await Promise.all(
      UPSTREAMS.map(async (upstream) => {
        const replies = await Promise.all(this.pool.all(upstream).map((replica) => this.pool.getJson(replica, '/ready', { timeoutMs: this.timeoutMs, requestId })));
        const healths = replies.map(healthOf);
        const ready = healths.filter((health) => health.status === 'up').length;
        // The first ready replica speaks for the service, else the first one.
        const health = healths.find((one) => one.status === 'up') ?? healths[0];
        return [upstream, healths.length > 1 ? { ...health, replicas: { ready, total: healths.length } } : health] as const;
      }),
    );
    const services = Object.fromEntries(entries) as Record<Upstream, ServiceHealth>;
    return { status: entries.every(([, health]) => health.status === 'up') ? 'ok' : 'degraded', services };
  }
}

function healthOf(reply: UpstreamReply): ServiceHealth {
  if (!reply.answered) {
    return { status: 'down', message: reply.reason === 'timed out' ? 'did not answer in time' : 'unreachable' };
  }
  const body = (reply.body ?? {}) as { checks?: Record<string, string>; message?: string };
  const checks = body.checks && typeof body.checks === 'object' ? { checks: body.checks } : {};
  if (reply.status === 200) return { status: 'up', ...checks };
  const message = typeof body.message === 'string' ? body.message : `answered ${reply.status}`;
  return { status: 'down', ...checks, message };
}
