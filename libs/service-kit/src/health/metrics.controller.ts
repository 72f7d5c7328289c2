import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { ShopMetrics } from './shop-metrics.js';

/**
 * `/metrics`: the service's metrics in Prometheus's text format, for Prometheus to scrape on the
 * service's own port (the gateway forwards only the API's paths, so the public never reaches it; the
 * gateway serves its own metrics on a port of their own, METRICS_PORT).
 */
@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: ShopMetrics) {}

  @Get('metrics')
  @Header('cache-control', 'no-store')
  async metricsText(@Res({ passthrough: true }) res: Response): Promise<string> {
    const { contentType, text } = await this.metrics.exposition();
    res.type(contentType);
    return text;
  }
}
