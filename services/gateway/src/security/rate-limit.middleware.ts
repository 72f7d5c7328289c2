import { HttpException, HttpStatus, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { pathOf } from '../proxy/proxy-routes.js';
import { ApiRateLimit, TOO_MANY_REQUESTS_MESSAGE } from './api-rate-limit.js';

/** The rate limit on the gateway's own /api routes (health, docs, unknown paths): 429 with Retry-After. */
@Injectable()
export class RateLimitMiddleware implements NestMiddleware {
  constructor(private readonly limit: ApiRateLimit) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (this.limit.counts(pathOf(req.url))) {
      const retryAfter = await this.limit.retryAfterOf(req.ip ?? 'unknown');
      if (retryAfter !== undefined) {
        res.setHeader('Retry-After', String(retryAfter));
        throw new HttpException(TOO_MANY_REQUESTS_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
      }
    }
    next();
  }
}
