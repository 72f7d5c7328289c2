import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { UPSTREAMS, type Upstream } from '../../upstreams.js';
import type { ServiceHealth, ShopHealth } from '../upstream-health.service.js';

export class ReplicaCountResponse {
  @ApiProperty({ description: 'Replicas that answered ready' }) ready: number;
  @ApiProperty({ description: 'Replicas the gateway knows' }) total: number;
}

/** One service as its /ready describes it. */
export class ServiceHealthResponse implements ServiceHealth {
  @ApiProperty({ enum: ['up', 'down'] }) status: 'up' | 'down';
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: "The service's own checks (its database, NATS…), each 'up' or what is wrong",
  })
  checks?: Record<string, string>;
  @ApiPropertyOptional({ type: ReplicaCountResponse, description: 'With several replicas: how many are ready (the service is up when one is)' })
  replicas?: ReplicaCountResponse;
  @ApiPropertyOptional({ description: 'Why it is down' }) message?: string;
}

/** GET /api/health: every service behind the gateway. */
@ApiExtraModels(ServiceHealthResponse)
export class ShopHealthResponse implements ShopHealth {
  @ApiProperty({ enum: ['ok', 'degraded'], description: "'ok' when every service is up" }) status: 'ok' | 'degraded';
  @ApiProperty({
    type: 'object',
    properties: Object.fromEntries(UPSTREAMS.map((upstream) => [upstream, { $ref: getSchemaPath(ServiceHealthResponse) }])) as never,
    required: [...UPSTREAMS],
  })
  services: Record<Upstream, ServiceHealthResponse>;
}
