import { ForbiddenException, Injectable, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { type Replica, UpstreamPool } from '@shop/service-kit';

/** Who took a release action, as the actions log names them. */
export interface Admin {
  id: string;
  name: string;
  email: string;
}

const CHECK_TIMEOUT_MS = 3_000;
/** A profile with its orders list fits well within this. */
const MAX_PROFILE_BYTES = 1024 * 1024;

/**
 * Checks that a request comes from an admin, by asking the users service who its bearer token is
 * (GET /api/users/profile, through the UpstreamPool like every call to a service): the
 * service that issues tokens checks them, with the user's standing now (a demoted or removed admin is
 * refused at once, not when a token expires). Release actions are rare, so the round trip costs nothing
 * that matters; the storefront server keeps no copy of users or keys.
 */
@Injectable()
export class AdminCaller {
  constructor(private readonly pool: UpstreamPool) {}

  async of(req: Request): Promise<Admin> {
    const authorization = req.headers.authorization;
    if (!authorization || !/^Bearer \S+$/i.test(authorization)) throw new UnauthorizedException('Not authorized, no token');
    // One replica, then another if the first cannot be reached.
    let replica: Replica | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      replica = this.pool.pick('users', replica);
      let status: number;
      let body: { _id?: unknown; name?: unknown; email?: unknown; isAdmin?: unknown; message?: unknown };
      try {
        const answer = await this.pool.getWhole(replica, '/api/users/profile', {
          headers: { authorization, accept: 'application/json' },
          timeoutMs: CHECK_TIMEOUT_MS,
          maxBytes: MAX_PROFILE_BYTES,
        });
        status = answer.status;
        body = JSON.parse(answer.body.toString('utf8')) as typeof body;
      } catch {
        continue;
      }
      if (status === 401) throw new UnauthorizedException(typeof body.message === 'string' ? body.message : 'Not authorized, token failed');
      if (status !== 200) continue;
      if (body.isAdmin !== true) throw new ForbiddenException('Not authorized as an admin');
      return { id: String(body._id), name: String(body.name), email: String(body.email) };
    }
    throw new ServiceUnavailableException('Sign-in cannot be checked right now, please try again shortly');
  }
}
