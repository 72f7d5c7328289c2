import { Controller, Get, Header, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { REQUEST_ID_HEADER } from '@shop/service-kit';
import { UpstreamHealth, type ShopHealth } from './upstream-health.service.js';

/** GET /api/health: every service, with its database and NATS; 503 unless all are up. */
@Controller('api/health')
export class UpstreamHealthController {
  constructor(private readonly health: UpstreamHealth) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async report(@Res({ passthrough: true }) res: Response): Promise<ShopHealth> {
    const requestId = res.getHeader(REQUEST_ID_HEADER);
    const report = await this.health.report(typeof requestId === 'string' ? requestId : undefined);
    res.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
