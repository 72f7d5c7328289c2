import { Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { UserInfoDto } from '@shop/contracts';
import { clientKeyOf } from '@shop/service-kit';
import { TokenIssuer } from '../tokens/token-issuer.service.js';
import { PasswordChecksBusy, PasswordHasher, type RequestTiming } from '../users/password-hasher.service.js';
import { User } from '../users/user.entity.js';
import { toUserInfo } from '../users/user.views.js';
import { SignInThrottle } from './sign-in-throttle.service.js';

/** One answer for an unknown email and a wrong password, so that sign-in does not tell which emails have accounts. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

/** The account a sign-in admitted, as its token and answer need it (never its password hash). */
export type SignedInUser = Pick<User, 'id' | 'name' | 'email' | 'isAdmin' | 'sessionVersion'>;

@Injectable()
export class SignInService {
  private readonly logger = new Logger('SignIn');

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordHasher,
    private readonly tokens: TokenIssuer,
    private readonly throttle: SignInThrottle,
  ) {}

  /**
   * Checks an email and password (the LocalStrategy's check) and answers the user it signs in, or
   * throws: 401 `Invalid email or password`, 429 from the sign-in limits (SignInThrottle), 503 when
   * the password checks are too busy. An unknown email costs a password check too (against a dummy
   * hash), so it takes as long as a wrong password, and counts as a failure the same way. A hash made
   * with older argon2 parameters is replaced once the answer is on its way.
   */
  async checkPassword(email: string, password: string, address: string, timing: RequestTiming = {}): Promise<SignedInUser> {
    // A crowd too large to check in time is told so before any database work or count.
    this.passwords.refuseIfBusy({ ...timing, client: clientKeyOf(address) });
    const attempt = await this.throttle.admit(email, address);
    const user = await this.users.findOne({
      where: { email },
      select: { id: true, name: true, email: true, isAdmin: true, sessionVersion: true, passwordHash: true },
    });
    let matches: boolean;
    try {
      matches = await this.passwords.matches(user?.passwordHash, password, { ...timing, client: attempt.addressKey });
    } catch (error) {
      if (error instanceof PasswordChecksBusy) await this.throttle.notChecked(attempt);
      throw error;
    }
    if (!user || !matches) {
      await this.throttle.failed(attempt);
      throw new UnauthorizedException(INVALID_CREDENTIALS);
    }
    await this.throttle.succeeded(attempt);
    if (this.passwords.isOutdated(user.passwordHash)) void this.replaceOutdatedHash(user, password);
    return { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin, sessionVersion: user.sessionVersion };
  }

  /** The signed-in user's info with a new token: the answer of a sign-in. */
  async userInfoOf(user: SignedInUser): Promise<UserInfoDto> {
    return toUserInfo(user, await this.tokens.issue(user));
  }

  /**
   * Stores a hash with today's parameters in place of the outdated one that
   * was just checked. Nothing here can fail the sign-in or harm the account:
   * the row changes only if it still holds the hash that was checked (a
   * password changed meanwhile is not overwritten with the old one). It is
   * done only when a place in the password queue is free, so that it never
   * makes a burst longer; then, or on any failure, the old hash stays and the
   * next sign-in tries again.
   */
  private async replaceOutdatedHash(user: User, password: string): Promise<void> {
    try {
      const passwordHash = await this.passwords.hashIfIdle(password);
      if (passwordHash === undefined) return;
      await this.users.update({ id: user.id, passwordHash: user.passwordHash }, { passwordHash });
    } catch (error) {
      if (error instanceof PasswordChecksBusy) return;
      this.logger.warn(`could not replace the outdated password hash of user ${user.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
