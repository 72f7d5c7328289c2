import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AdminAccountSeeder } from './admin-account.seeder.js';

/** The admin account, created in an empty users database at start-up. */
@Module({
  imports: [UsersModule],
  providers: [AdminAccountSeeder],
})
export class SeedModule {}
