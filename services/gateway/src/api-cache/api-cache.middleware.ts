import { Injectable, Logger, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { pathOf, proxyRouteFor } from '../proxy/proxy-routes.js';
import { ApiCache } from './api-cache.service.js';

/**
 * Hands the anonymous GETs and HEADs of the shared-cache routes to the API cache; everything else
 * (a request with Authorization above all: its answer is never stored nor served from the store)
 * goes on to the proxy as before.
 */
@Injectable()
export class ApiCacheMiddleware implements NestMiddleware {
  private readonly logger = new Logger('ApiCache');

  constructor(private readonly cache: ApiCache) {}

  use(req: Request, res: Response, next: NextFunction): void {
    if (!this.cache.enabled || (req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization !== undefined) return next();
    const route = proxyRouteFor(pathOf(req.url));
    if (!route?.sharedCache) return next();
    this.cache.answer(route.upstream, req, res, next).catch((error: unknown) => {
      this.logger.error(`${req.method} ${req.url}: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) next();
      else res.destroy();
    });
  }
}
