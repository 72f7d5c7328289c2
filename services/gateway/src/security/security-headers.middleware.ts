import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';
import { contentSecurityPolicyOf } from './content-security-policy.js';

/**
 * Helmet's security headers on every answer, with the shop's content security
 * policy. A service's own header of the same name (the catalog's stricter CSP
 * on images) replaces the gateway's.
 */
@Injectable()
export class SecurityHeadersMiddleware implements NestMiddleware {
  private readonly helmet: ReturnType<typeof helmet>;

  constructor(@Inject(SERVICE_CONFIG) config: GatewayConfig) {
    this.helmet = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyOf(config) },
      // PayPal's checkout window reports back to the page that opened it.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      xFrameOptions: { action: 'deny' },
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    this.helmet(req, res, next);
  }
}
