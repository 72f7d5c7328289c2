import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { SecurityHeaders } from './security-headers.js';

/**
 * Helmet's security headers, with the shop's content security policy, on the gateway's own answers
 * (the proxied ones get them in ProxiedRequestHandler).
 */
@Injectable()
export class SecurityHeadersMiddleware implements NestMiddleware {
  constructor(private readonly security: SecurityHeaders) {}

  use(_req: Request, res: Response, next: NextFunction): void {
    for (const [name, value] of Object.entries(this.security.all)) res.setHeader(name, value);
    next();
  }
}
