import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Subjects, type ProfileDto, type UserInfoDto } from '@shop/contracts';
import { Outbox } from '@shop/event-bus';
import { TokenIssuer } from '../tokens/token-issuer.service.js';
import type { UpdateProfileDto } from './dto/update-profile.dto.js';
import { OrderHistory, type OrderReader } from './order-history.js';
import { PasswordHasher } from './password-hasher.service.js';
import { emailTaken, withUniqueEmail } from './unique-email.js';
import { userAlreadyExists, userNotFound } from './user-errors.js';
import { User } from './user.entity.js';
import { toUserDto, toUserInfo, userChangedOf } from './user.views.js';

/** The signed-in user's own account. */
@Injectable()
export class ProfileService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordHasher,
    private readonly tokens: TokenIssuer,
    private readonly orders: OrderHistory,
    private readonly outbox: Outbox,
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
   */
  async update(userId: string, input: UpdateProfileDto): Promise<UserInfoDto> {
    const passwordHash = input.password ? await this.passwords.hash(input.password) : undefined;
    const user = await withUniqueEmail(() =>
      this.outbox.transaction(async (manager, emit) => {
        const found = await manager.findOne(User, { where: { id: userId }, lock: { mode: 'pessimistic_write' } });
        if (!found) throw userNotFound();
        if (await emailTaken(manager, input.email, userId)) throw userAlreadyExists();
        const toldOthers = found.name !== input.name || found.email !== input.email;
        const changes = { name: input.name, email: input.email, updatedAt: new Date(), ...(passwordHash ? { passwordHash } : {}) };
        await manager.update(User, { id: userId }, changes);
        Object.assign(found, changes);
        if (toldOthers) await emit(Subjects.UserUpdated, userChangedOf(found));
        return found;
      }),
    );
    return toUserInfo(user, await this.tokens.issue(user));
  }
}
