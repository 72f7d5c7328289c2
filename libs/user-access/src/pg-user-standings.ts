import type { DataSource } from 'typeorm';
import { prepared, UserStandings, type UserStanding } from '@shop/service-kit';

/** Users' standings as this service's `user_access` table holds them. */
export class PgUserStandings extends UserStandings {
  constructor(private readonly db: DataSource) {
    super();
  }

  async of(userId: string): Promise<UserStanding | undefined> {
    const [row] = (await this.db.query(prepared(`SELECT session_version, is_admin, deleted FROM user_access WHERE user_id = $1`), [userId])) as {
      session_version: number;
      is_admin: boolean;
      deleted: boolean;
    }[];
    return row && { sessionVersion: row.session_version, isAdmin: row.is_admin, deleted: row.deleted };
  }
}
