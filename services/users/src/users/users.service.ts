import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, type Repository } from 'typeorm';
import { Subjects, type UserDeletedDto, type UserDto, type UserInfoDto } from '@shop/contracts';
import { Outbox, type Emit } from '@shop/event-bus';
import { clientKeyOf } from '@shop/service-kit';
import { endResetLinks } from '../password-reset/reset-links.js';
import { TokenIssuer } from '../tokens/token-issuer.service.js';
import type { RegisterUserDto } from './dto/register-user.dto.js';
import type { UpdateUserDto } from './dto/update-user.dto.js';
import { normalEmail } from '../validation.js';
import { PasswordChecksBusy, PasswordHasher, type RequestTiming } from './password-hasher.service.js';
import { SignUpThrottle } from './sign-up-throttle.service.js';
import { skeletonOf } from './email/email-rules.js';
import { refuseTakenEmail, refuseUnfitNewEmail, withUniqueEmail } from './unique-email.js';
import { notAnAdmin, userNotFound } from './user-errors.js';
import { User } from './user.entity.js';
import { toUserDto, toUserInfo, userChangedOf } from './user.views.js';

export const CANNOT_REMOVE_OWN_ADMIN_RIGHTS = 'You cannot remove your own admin rights';
export const CANNOT_DELETE_ADMIN = 'Cannot delete an admin user';
export const CANNOT_CHANGE_ADMIN = 'Cannot change another admin user';
export const OWN_EMAIL_ON_PROFILE = 'Change your own email on your profile page';
export const LAST_ADMIN = 'Cannot demote the last admin';

/** A new account's row and its user.created event, in the caller's transaction. */
async function insertAccount(
  manager: EntityManager,
  emit: Emit,
  fields: Pick<User, 'name' | 'email' | 'passwordHash' | 'isAdmin'>,
): Promise<User> {
  const now = new Date();
  const created = manager.create(User, {
    ...fields,
    emailSkeleton: skeletonOf(fields.email),
    id: randomUUID(),
    sessionVersion: 1,
    createdAt: now,
    updatedAt: now,
  });
  await manager.insert(User, created);
  await emit(Subjects.UserCreated, userChangedOf(created));
  return created;
}

/** Accounts: registration, the first admin, and what admins do with them. */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordHasher,
    private readonly tokens: TokenIssuer,
    private readonly outbox: Outbox,
    private readonly signUps: SignUpThrottle,
  ) {}

  /**
   * Creates a customer account and signs it in. Nobody registers as an admin; an address registers a
   * few at most; the email must be fit for a new account and look like no other account's.
   *
   * Three round trips to the database: the address's sign-up count, one read of the email and its
   * skeleton (a taken email costs no hash), and the account with its user.created event in one
   * statement (no transaction to open and commit; the event carries the time it was sent, as
   * order.placed does). Two sign-ups racing past the read meet the unique indexes.
   */
  async register(input: RegisterUserDto, address: string, timing: RequestTiming = {}): Promise<UserInfoDto> {
    refuseUnfitNewEmail(input.email);
    const turn = { ...timing, client: clientKeyOf(address) };
    // A crowd too large to hash in time is told so before any database work or count.
    this.passwords.refuseIfBusy(turn);
    await this.signUps.admit(address);
    await refuseTakenEmail(this.users.manager, input.email);
    const passwordHash = await this.passwords.hash(input.password, turn).catch(async (error: unknown) => {
      if (error instanceof PasswordChecksBusy) await this.signUps.notCreated(address);
      throw error;
    });
    const now = new Date();
    const user = this.users.create({
      id: randomUUID(),
      name: input.name,
      email: input.email,
      emailSkeleton: skeletonOf(input.email),
      isAdmin: false,
      sessionVersion: 1,
      createdAt: now,
      updatedAt: now,
    });
    await withUniqueEmail(() =>
      this.outbox.statement(
        [{ subject: Subjects.UserCreated, data: userChangedOf(user) }],
        (recordEvents) => `
          WITH ${recordEvents}
          INSERT INTO app_user (id, name, email, email_skeleton, password_hash, is_admin, session_version, created_at, updated_at)
          VALUES ($1, $2, $3, $4, $5, false, 1, $6, $6)`,
        [user.id, user.name, user.email, user.emailSkeleton, passwordHash, now],
      ),
    );
    return toUserInfo(user, await this.tokens.issue(user));
  }

  /**
   * Gives an empty users table its first account, an admin (the start-up seed: ADMIN_EMAIL,
   * ADMIN_PASSWORD); answers whether it did. Replicas starting together create it once: the
   * transaction locks the table and checks again that it is empty.
   */
  async createFirstAdmin(account: { name: string; email: string; password: string }): Promise<boolean> {
    const passwordHash = await this.passwords.hash(account.password);
    return this.outbox.transaction(async (manager, emit) => {
      // Conflicts with itself and with every write, so a second replica waits here and then finds the admin.
      await manager.query('LOCK TABLE app_user IN SHARE ROW EXCLUSIVE MODE');
      if ((await manager.count(User)) > 0) return false;
      await insertAccount(manager, emit, { name: account.name, email: account.email, passwordHash, isAdmin: true });
      return true;
    });
  }

  /** Whether the users table holds any account. */
  anyAccount(): Promise<boolean> {
    return this.users.exists();
  }

  async get(id: string): Promise<UserDto> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw userNotFound();
    return toUserDto(user);
  }

  /**
   * An admin changes a customer's name, email and role. Admins' accounts are
   * out of reach here, as in the shop's admin screens: no admin changes or
   * demotes another, and an admin changes their own name only (their email
   * needs their current password, on the profile page; their rights stay).
   * A change of role ends the user's sessions, so their tokens never claim a
   * role they no longer have. A change of email ends the user's pending
   * password reset links, which went to the old one.
   */
  async update(callerId: string, id: string, input: UpdateUserDto): Promise<UserDto> {
    if (id === callerId && !input.isAdmin) throw new BadRequestException(CANNOT_REMOVE_OWN_ADMIN_RIGHTS);
    const user = await withUniqueEmail(() =>
      this.outbox.transaction(async (manager, emit) => {
        // Caller and user are locked in id order, and the caller's role checked again under the lock: two admins
        // demoting each other at once then run one after the other (the second is no admin any more), never deadlock.
        const locked = await manager.find(User, {
          where: { id: In([callerId, id]) },
          order: { id: 'ASC' },
          lock: { mode: 'pessimistic_write' },
        });
        if (!locked.find((account) => account.id === callerId)?.isAdmin) throw notAnAdmin();
        const found = locked.find((account) => account.id === id);
        if (!found) throw userNotFound();
        if (found.isAdmin && id !== callerId) throw new BadRequestException(CANNOT_CHANGE_ADMIN);
        const emailChanged = found.email !== input.email;
        if (id === callerId && emailChanged) throw new BadRequestException(OWN_EMAIL_ON_PROFILE);
        if (emailChanged) {
          refuseUnfitNewEmail(input.email);
          await refuseTakenEmail(manager, input.email, id);
        }
        const roleChanged = found.isAdmin !== input.isAdmin;
        const toldOthers = roleChanged || found.name !== input.name || emailChanged;
        const changes = {
          name: input.name,
          email: input.email,
          ...(emailChanged ? { emailSkeleton: skeletonOf(input.email) } : {}),
          isAdmin: input.isAdmin,
          updatedAt: new Date(),
          ...(roleChanged ? { sessionVersion: found.sessionVersion + 1 } : {}),
        };
        await manager.update(User, { id }, changes);
        if (emailChanged) await endResetLinks(manager, id);
        Object.assign(found, changes);
        if (toldOthers) await emit(Subjects.UserUpdated, userChangedOf(found));
        return found;
      }),
    );
    return toUserDto(user);
  }

  /**
   * The operator's role change (see cli/roles.ts): promotes or demotes the
   * account with this email, never the last admin, and ends its sessions.
   */
  async setRole(email: string, isAdmin: boolean): Promise<UserDto> {
    const user = await this.outbox.transaction(async (manager, emit) => {
      // Every admin is locked, so two demotions at once cannot leave the shop without one.
      const admins = await manager.find(User, { where: { isAdmin: true }, order: { id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
      const found = await manager.findOne(User, { where: { email: normalEmail(email) }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw userNotFound();
      if (found.isAdmin === isAdmin) return found;
      if (!isAdmin && admins.length <= 1) throw new BadRequestException(LAST_ADMIN);
      const changes = { isAdmin, sessionVersion: found.sessionVersion + 1, updatedAt: new Date() };
      await manager.update(User, { id: found.id }, changes);
      Object.assign(found, changes);
      await emit(Subjects.UserUpdated, userChangedOf(found));
      return found;
    });
    return toUserDto(user);
  }

  /**
   * Deletes a customer account; admin accounts cannot be deleted (demote first). Its password reset
   * links go with it (`ON DELETE CASCADE`).
   */
  async remove(id: string): Promise<UserDeletedDto> {
    await this.outbox.transaction(async (manager, emit) => {
      const found = await manager.findOne(User, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw userNotFound();
      if (found.isAdmin) throw new BadRequestException(CANNOT_DELETE_ADMIN);
      await manager.delete(User, { id });
      await emit(Subjects.UserDeleted, { id });
    });
    return { _id: id };
  }
}
