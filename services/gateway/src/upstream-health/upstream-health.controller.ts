import { Controller, Get, Header, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { REQUEST_ID_HEADER } from '@shop/service-kit';
import { GATEWAY_TAG } from '../api-docs/gateway-api.js';
import { ShopHealthResponse } from './dto/shop-health.response.js';
import { UpstreamHealth, type ShopHealth } from './upstream-health.service.js';

/** GET /api/health: every service, with its database and NATS; 503 unless all are up. */
@ApiTags(GATEWAY_TAG)
@Controller('api/health')
export class UpstreamHealthController {
  constructor(private readonly health: UpstreamHealth) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'The health of every service behind the gateway, with its database and NATS',
    description: "Public: asks each service's replicas whether they are ready, all at once, each bounded in time. 200 when every service is up, 503 (the same body) when one is not.",
  })
  @ApiOkResponse({ type: ShopHealthResponse, description: 'Every service is up' })
  @ApiServiceUnavailableResponse({ type: ShopHealthResponse, description: 'A service is down or did not answer in time' })
  async report(@Res({ passthrough: true }) res: Response): Promise<ShopHealth> {
    const requestId = res.getHeader(REQUEST_ID_HEADER);
    const report = await this.health.report(typeof requestId === 'string' ? requestId : undefined);
    res.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
