import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Subjects, type ProfileDto, type UserInfoDto } from '@shop/contracts';
import { Outbox } from '@shop/event-bus';
import { clientKeyOf } from '@shop/service-kit';
import { endResetLinks } from '../password-reset/reset-links.js';
import { TokenIssuer } from '../tokens/token-issuer.service.js';
import type { UpdateProfileDto } from './dto/update-profile.dto.js';
import { OrderHistory, type OrderReader } from './order-history.js';
import { PasswordHasher, type RequestTiming } from './password-hasher.service.js';
import { skeletonOf } from './email/email-rules.js';
import { refuseTakenEmail, refuseUnfitNewEmail, withUniqueEmail } from './unique-email.js';
import { userNotFound } from './user-errors.js';
import { User } from './user.entity.js';
import { SignInThrottle } from '../sign-in/sign-in-throttle.service.js';
import { toUserDto, toUserInfo, userChangedOf } from './user.views.js';

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your email or password';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const CHANGED_MEANWHILE = 'Your account changed meanwhile, please try again';

/** The signed-in user's own account. */
@Injectable()
export class ProfileService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordHasher,
    private readonly tokens: TokenIssuer,
    private readonly orders: OrderHistory,
    private readonly outbox: Outbox,
    private readonly throttle: SignInThrottle,
  ) {}

  /** The user with their own orders. */
  async get(reader: OrderReader): Promise<ProfileDto> {
    const user = await this.users.findOneBy({ id: reader.userId });
    if (!user) throw userNotFound();
    const orderList = await this.orders.ordersOf(reader);
    return { ...toUserDto(user), orderList: orderList ?? [], ...(orderList ? {} : { ordersUnavailable: true }) };
  }

  /**
   * Changes the user's name and email, and the password when a new one is
   * given; answers the user's info with a new token carrying the new details.
   * A new email or password needs the current password, and ends every other
   * session of the user (their older tokens are refused from then on) and
   * every pending password reset link: those were mailed to the old email, to
   * replace the old password. A change of the name alone keeps them.
   */
  async update(userId: string, input: UpdateProfileDto, address: string, timing: RequestTiming = {}): Promise<UserInfoDto> {
    const before = await this.users.findOne({ where: { id: userId }, select: { id: true, email: true, passwordHash: true } });
    if (!before) throw userNotFound();
    const emailChanged = before.email !== input.email;
    const changesSignIn = emailChanged || Boolean(input.password);
    if (emailChanged) refuseUnfitNewEmail(input.email);
    if (changesSignIn) {
      if (!input.currentPassword) throw new BadRequestException(CURRENT_PASSWORD_REQUIRED);
      // Guessing the password through a stolen session counts as failed sign-ins do (per account and address, and per account).
      const attempt = await this.throttle.admit(before.email, address);
      const matches = await this.passwords.matches(before.passwordHash, input.currentPassword, { ...timing, client: attempt.addressKey }).catch(async (error: unknown) => {
        await this.throttle.notChecked(attempt);
        throw error;
      });
      if (!matches) {
        await this.throttle.failed(attempt);
        throw new BadRequestException(CURRENT_PASSWORD_WRONG);
      }
      await this.throttle.succeeded(attempt);
    }
    const passwordHash = input.password ? await this.passwords.hash(input.password, { arrivedAt: timing.arrivedAt, client: clientKeyOf(address) }) : undefined;
    const user = await withUniqueEmail(() =>
      this.outbox.transaction(async (manager, emit) => {
        const found = await manager.findOne(User, {
          where: { id: userId },
          select: { id: true, name: true, email: true, isAdmin: true, sessionVersion: true, passwordHash: true },
          lock: { mode: 'pessimistic_write' },
        });
        if (!found) throw userNotFound();
        // The current password was checked against this hash: a password changed since must be checked again.
        if (changesSignIn && found.passwordHash !== before.passwordHash) throw new ConflictException(CHANGED_MEANWHILE);
        // An email kept as it is stays, even one that a new account could not take today.
        const emailChanges = found.email !== input.email;
        if (emailChanges) await refuseTakenEmail(manager, input.email, userId);
        const toldOthers = changesSignIn || found.name !== input.name;
        const changes = {
          name: input.name,
          email: input.email,
          ...(emailChanges ? { emailSkeleton: skeletonOf(input.email) } : {}),
          updatedAt: new Date(),
          ...(passwordHash ? { passwordHash } : {}),
          ...(changesSignIn ? { sessionVersion: found.sessionVersion + 1 } : {}),
        };
        await manager.update(User, { id: userId }, changes);
        if (emailChanges || passwordHash) await endResetLinks(manager, userId);
        Object.assign(found, changes);
        if (toldOthers) await emit(Subjects.UserUpdated, userChangedOf(found));
        return found;
      }),
    );
    return toUserInfo(user, await this.tokens.issue(user));
  }

  /**
   * Ends every session of the user: all their tokens are refused from now on, in every service. Their
   * pending password reset links end too: a link is a way in that nobody is using yet.
   */
  async signOut(userId: string): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      const found = await manager.findOne(User, { where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!found) return;
      found.sessionVersion += 1;
      await manager.update(User, { id: userId }, { sessionVersion: found.sessionVersion, updatedAt: new Date() });
      await endResetLinks(manager, userId);
      await emit(Subjects.UserUpdated, userChangedOf(found));
    });
  }
}
