import { HttpException, HttpStatus, Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';
import { pathOf } from '../proxy/proxy-routes.js';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * At most RATE_LIMIT_PER_MINUTE requests to /api per client address and
 * minute; more answer 429 with Retry-After. Images and the front end are not
 * counted. The count is per gateway process: replicas each count their own.
 */
@Injectable()
export class RateLimitMiddleware implements NestMiddleware {
  private readonly limiter?: RateLimiterMemory;

  constructor(@Inject(SERVICE_CONFIG) config: GatewayConfig) {
    if (config.RATE_LIMIT_PER_MINUTE > 0) {
      this.limiter = new RateLimiterMemory({ keyPrefix: 'api', points: config.RATE_LIMIT_PER_MINUTE, duration: 60 });
    }
  }

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (this.limiter && isApiPath(pathOf(req.url))) {
      try {
        await this.limiter.consume(req.ip ?? 'unknown');
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        res.setHeader('Retry-After', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
        throw new HttpException('Too many requests, please try again later', HttpStatus.TOO_MANY_REQUESTS);
      }
    }
    next();
  }
}
