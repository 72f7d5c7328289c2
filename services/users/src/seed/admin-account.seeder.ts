import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Subjects } from '@shop/contracts';
import { Outbox } from '@shop/event-bus';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';
import { PasswordHasher } from '../users/password-hasher.service.js';
import { User } from '../users/user.entity.js';
import { userChangedOf } from '../users/user.views.js';

export const ADMIN_NAME = 'Admin User';

/**
 * At start-up, gives an empty users database its admin account (ADMIN_EMAIL,
 * ADMIN_PASSWORD), with a user.created event. Replicas starting together
 * create it once: the transaction locks the users table and checks again that
 * it is empty.
 */
@Injectable()
export class AdminAccountSeeder implements OnModuleInit {
  private readonly logger = new Logger('AdminAccount');

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: UsersConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordHasher,
    private readonly outbox: Outbox,
  ) {}

  async onModuleInit(): Promise<void> {
    if ((await this.users.count()) > 0) return;
    if (await this.seed()) this.logger.log(`created the admin account ${this.config.ADMIN_EMAIL}`);
  }

  /** Creates the admin account in an empty users table; answers whether it did. */
  async seed(): Promise<boolean> {
    const passwordHash = await this.passwords.hash(this.config.ADMIN_PASSWORD);
    return this.outbox.transaction(async (manager, emit) => {
      // Conflicts with itself and with every write, so a second seeder waits here and then finds the admin.
      await manager.query('LOCK TABLE app_user IN SHARE ROW EXCLUSIVE MODE');
      if ((await manager.count(User)) > 0) return false;
      const now = new Date();
      const admin = manager.create(User, {
        id: randomUUID(),
        name: ADMIN_NAME,
        email: this.config.ADMIN_EMAIL,
        passwordHash,
        isAdmin: true,
        sessionVersion: 1,
        createdAt: now,
        updatedAt: now,
      });
      await manager.insert(User, admin);
      await emit(Subjects.UserCreated, userChangedOf(admin));
      return true;
    });
  }
}
