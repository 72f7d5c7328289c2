import { Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { UserInfoDto } from '@shop/contracts';
import { TokenIssuer } from '../tokens/token-issuer.service.js';
import { PasswordHasher } from '../users/password-hasher.service.js';
import { User } from '../users/user.entity.js';
import { toUserInfo } from '../users/user.views.js';
import { SignInThrottle } from './sign-in-throttle.service.js';

/** One answer for an unknown email and a wrong password, so that sign-in does not tell which emails have accounts. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

@Injectable()
export class SignInService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordHasher,
    private readonly tokens: TokenIssuer,
    private readonly throttle: SignInThrottle,
  ) {}

  /**
   * Checks an email and password and answers the user's info with a new
   * token. An unknown email costs a password check too (against a dummy hash),
   * so it takes as long as a wrong password.
   */
  async signIn(email: string, password: string, address: string): Promise<UserInfoDto> {
    await this.throttle.admit(email, address);
    const user = await this.users.findOne({
      where: { email },
      select: { id: true, name: true, email: true, isAdmin: true, passwordHash: true },
    });
    const matches = await this.passwords.matches(user?.passwordHash, password);
    if (!user || !matches) throw new UnauthorizedException(INVALID_CREDENTIALS);
    await this.throttle.succeeded(email, address);
    return toUserInfo(user, await this.tokens.issue(user));
  }
}
