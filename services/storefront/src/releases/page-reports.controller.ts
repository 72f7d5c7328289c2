import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { BodyLimit, ClientAddresses, clientKeyOf, JsonBodyInterceptor, SERVICE_CONFIG, TOO_MANY_REQUESTS_MESSAGE } from '@shop/service-kit';
import type { StorefrontConfig } from '../config.js';
import { pageReportsBody, PageReportsDto } from './page-report.dto.js';
import { PageReports } from './page-reports.service.js';
import { zodBody } from './zod-body.js';


/**
 * Where shoppers' browsers send what they saw of the remotes' builds (navigator.sendBeacon from the
 * shell): views, page errors, failed loads and Web Vitals, each tagged remote@build. Anyone may send,
 * so it is bounded: 8 KB and 25 reports a beacon, 30 beacons a minute per client (PAGE_REPORTS_PER_MINUTE; an IPv4 address, an
 * IPv6 /64; on top of the /api limit), counted only under the credential of a page the storefront server served. It answers 204 whatever it counted.
 */
@ApiTags('releases')
@Controller('api/page-reports')
@UseInterceptors(JsonBodyInterceptor)
export class PageReportsController {
  /** PAGE_REPORTS_PER_MINUTE beacons per client and minute (30): a shopper's pages send a few; more is someone filling the counts. */
  private readonly limiter?: RateLimiterMemory;

  constructor(
    private readonly reports: PageReports,
    private readonly clients: ClientAddresses,
    @Inject(SERVICE_CONFIG) config: StorefrontConfig,
  ) {
    if (config.PAGE_REPORTS_PER_MINUTE > 0) this.limiter = new RateLimiterMemory({ keyPrefix: 'page-reports', points: config.PAGE_REPORTS_PER_MINUTE, duration: 60 });
  }

  @Post()
  @HttpCode(204)
  @BodyLimit('8kb')
  @ApiOperation({ summary: "What a shopper's page saw of the remotes' builds (views, errors, failed loads, Web Vitals)", description: "Public: the shell's beacon (sendBeacon) after a page's visit; the counts judge the canary builds. Too many from one address answer 429." })
  @ApiBody({ type: PageReportsDto })
  @ApiNoContentResponse({ description: 'Taken (reports of builds the storefront server does not serve are left out)' })
  @ApiTooManyRequestsResponse({ description: 'Too many beacons from the address' })
  async take(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: unknown): Promise<void> {
    try {
      // Per client: an IPv4 address, an IPv6 /64.
      await this.limiter?.consume(clientKeyOf(this.clients.of(req)));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
      res.status(429);
      res.json({ message: TOO_MANY_REQUESTS_MESSAGE });
      return;
    }
    this.reports.take(zodBody(pageReportsBody, body), this.clients.of(req));
  }
}
