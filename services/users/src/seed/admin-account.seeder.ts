import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';
import { UsersService } from '../users/users.service.js';

export const ADMIN_NAME = 'Admin User';

/**
 * At start-up, gives an empty users database its admin account (ADMIN_EMAIL, ADMIN_PASSWORD), through
 * UsersService like every account, with its user.created event.
 */
@Injectable()
export class AdminAccountSeeder implements OnModuleInit {
  private readonly logger = new Logger('AdminAccount');

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: UsersConfig,
    private readonly users: UsersService,
  ) {}

  async onModuleInit(): Promise<void> {
    if (await this.users.anyAccount()) return;
    if (await this.seed()) this.logger.log(`created the admin account ${this.config.ADMIN_EMAIL}`);
  }

  /** Creates the admin account in an empty users table; answers whether it did. */
  seed(): Promise<boolean> {
    return this.users.createFirstAdmin({ name: ADMIN_NAME, email: this.config.ADMIN_EMAIL, password: this.config.ADMIN_PASSWORD });
  }
}
