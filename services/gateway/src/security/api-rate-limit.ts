import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { SIGN_IN_FORM } from '@shop/contracts';
import { clientKeyOf, SERVICE_CONFIG } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** The sign-in form's post (the storefront server's `POST /login`), which stands for a `POST /api/users/login`. */
export const isSignInFormPost = (method: string | undefined, path: string) => method === 'POST' && path === SIGN_IN_FORM.action;

/**
 * At most RATE_LIMIT_PER_MINUTE requests to /api per client address and minute, proxied or the
 * gateway's own, counted together; the sign-in form's POST /login, which stands for a POST
 * /api/users/login, counts in the same count (the storefront server's plain-forms.controller.ts; a
 * shopper over the limit is sent back to the form with `error=busy`, as the form's own refusals). Images and the
 * front end are not counted. The count is per gateway process: replicas each count their own.
 */
@Injectable()
export class ApiRateLimit {
  private readonly limiter?: RateLimiterMemory;

  constructor(@Inject(SERVICE_CONFIG) config: GatewayConfig) {
    if (config.RATE_LIMIT_PER_MINUTE > 0) {
      this.limiter = new RateLimiterMemory({ keyPrefix: 'api', points: config.RATE_LIMIT_PER_MINUTE, duration: 60 });
    }
  }

  /** Is a request of this method and path (without its query) counted? */
  counts(method: string | undefined, path: string): boolean {
    return this.limiter !== undefined && (isApiPath(path) || isSignInFormPost(method, path));
  }

  /**
   * Counts a request from `address`: undefined while the client is within its limit, else the
   * seconds until it may ask again (Retry-After). A client is an IPv4 address or an IPv6 /64 (a
   * subscriber picks any address of its /64 at will: counting addresses would give it 2^64 limits).
   */
  async retryAfterOf(address: string): Promise<number | undefined> {
    if (!this.limiter) return undefined;
    try {
      await this.limiter.consume(clientKeyOf(address));
      return undefined;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    }
  }
}
