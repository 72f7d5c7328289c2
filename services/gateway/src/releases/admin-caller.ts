import { ForbiddenException, Inject, Injectable, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';

/** Who took a release action, as the actions log names them. */
export interface Admin {
  id: string;
  name: string;
  email: string;
}

const CHECK_TIMEOUT_MS = 3_000;

/**
 * Checks that a request comes from an admin, by asking the users service who its bearer token is
 * (GET /api/users/profile): the service that issues tokens checks them, with the user's standing now
 * (a demoted or removed admin is refused at once, not when a token expires). Release actions are rare,
 * so the round trip costs nothing that matters; the gateway keeps no copy of users or keys.
 */
@Injectable()
export class AdminCaller {
  private readonly usersUrls: string[];

  constructor(@Inject(SERVICE_CONFIG) config: GatewayConfig) {
    this.usersUrls = config.USERS_URL;
  }

  async of(req: Request): Promise<Admin> {
    const authorization = req.headers.authorization;
    if (!authorization || !/^Bearer \S+$/i.test(authorization)) throw new UnauthorizedException('Not authorized, no token');
    for (const url of this.usersUrls) {
      let answer: Response;
      try {
        answer = await fetch(new URL('/api/users/profile', url), { headers: { authorization, accept: 'application/json' }, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      } catch {
        continue;
      }
      const body = (await answer.json().catch(() => ({}))) as { _id?: unknown; name?: unknown; email?: unknown; isAdmin?: unknown; message?: unknown };
      if (answer.status === 401) throw new UnauthorizedException(typeof body.message === 'string' ? body.message : 'Not authorized, token failed');
      if (!answer.ok) continue;
      if (body.isAdmin !== true) throw new ForbiddenException('Not authorized as an admin');
      return { id: String(body._id), name: String(body.name), email: String(body.email) };
    }
    throw new ServiceUnavailableException('Sign-in cannot be checked right now, please try again shortly');
  }
}
