import { Injectable, UnauthorizedException } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { TokenClaims } from '@shop/contracts';

/** What a service knows now of a user, whatever their token says. */
export interface UserStanding {
  /** Tokens carrying a smaller session version were ended (sign-out, password or role change). */
  sessionVersion: number;
  isAdmin: boolean;
  /** The account is gone: none of its tokens counts any more. */
  deleted: boolean;
}

/**
 * Where a service looks up a user's standing: the users service in its own
 * table, the others in the copy they keep from the users service's events.
 */
export abstract class UserStandings {
  /** The user's standing, or undefined when this service has not heard of the user yet. */
  abstract of(userId: string): Promise<UserStanding | undefined>;
}

export const SESSION_ENDED = 'Not authorized, session ended';

/**
 * Turns a token's verified claims into the user's rights now: a token issued
 * before the user's latest sign-out, password change or role change, or of a
 * deleted account, is refused (401); the role is the current one. A user this
 * service has not heard of yet (a brand-new account, whose user.created is on
 * its way) keeps what the token says, so their token works at once. A newer
 * session version than the one known is fine too: the event saying so is on
 * its way, and the users service alone issues tokens.
 *
 * Standings are remembered for `rememberMs` (a second by default), so a busy
 * shopper costs one lookup a second; a change thus takes effect within that
 * plus the time its event takes to arrive.
 */
@Injectable()
export class SessionCheck {
  private readonly recent: LRUCache<string, { standing?: UserStanding }> | undefined;

  constructor(
    private readonly standings: UserStandings,
    rememberMs = 1_000,
  ) {
    this.recent = rememberMs > 0 ? new LRUCache({ max: 10_000, ttl: rememberMs }) : undefined;
  }

  async rightsOf(claims: TokenClaims): Promise<TokenClaims> {
    const standing = await this.standingOf(claims.sub);
    if (!standing) return claims;
    if (standing.deleted || claims.sv < standing.sessionVersion) throw new UnauthorizedException(SESSION_ENDED);
    return standing.isAdmin === claims.isAdmin ? claims : { ...claims, isAdmin: standing.isAdmin };
  }

  private async standingOf(userId: string): Promise<UserStanding | undefined> {
    const remembered = this.recent?.get(userId);
    if (remembered) return remembered.standing;
    const standing = await this.standings.of(userId);
    this.recent?.set(userId, { standing });
    return standing;
  }
}
