import type { DataSource, Repository } from 'typeorm';
import { UserStandings, type UserStanding } from '@shop/service-kit';
import { User } from './user.entity.js';

/** Users' standings straight from the accounts: an account that is gone has no session left. */
export class AccountStandings extends UserStandings {
  private readonly users: Repository<User>;

  constructor(db: DataSource) {
    super();
    this.users = db.getRepository(User);
  }

  async of(userId: string): Promise<UserStanding> {
    const user = await this.users.findOne({ where: { id: userId }, select: { sessionVersion: true, isAdmin: true } });
    return user ? { sessionVersion: user.sessionVersion, isAdmin: user.isAdmin, deleted: false } : { sessionVersion: 0, isAdmin: false, deleted: true };
  }
}
