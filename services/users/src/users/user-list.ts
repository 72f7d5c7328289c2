import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { UserDto, UserSort } from '@shop/contracts';
import { containsPattern, windowOf, type ListWindow } from '@shop/service-kit';
import type { ListUsersQuery } from './dto/list-users.query.js';

/** Each sortable column's SQL; ties are broken by id in the same direction, so every row has one place. */
const SORT_COLUMNS: Record<UserSort, string> = {
  createdAt: 'created_at',
  name: 'lower(name)',
  email: 'email',
  isAdmin: 'is_admin',
};

/** Rows a batch of the CSV export reads. */
const EXPORT_BATCH = 1000;

interface UserRow {
  id: string;
  name: string;
  email: string;
  is_admin: boolean;
  created_at: Date;
}

/** A creation time to the microsecond, as PostgreSQL keeps it (a JavaScript Date keeps milliseconds). */
const EXACT_CREATED_AT = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS exact_created_at`;

/** A user in the admin users table and its export: the DTO and when the account was made. */
export interface ListedUser extends UserDto {
  createdAt: string;
}

/**
 * The admin users table (GET /api/users) and its CSV export: search (name or email, plain text, any
 * case), sort by a column and page. Reads app_user with plain SQL: the page's rows and the count of
 * every match, side by side. The default order, oldest account first, reads the index app_user_oldest.
 */
@Injectable()
export class UserList {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** One page of the matching users, and how many match in all. */
  async page(query: ListUsersQuery): Promise<{ window: ListWindow; users: UserDto[]; total: number }> {
    const window = windowOf(query);
    const { where, params } = searchOf(query.search);
    const direction = query.sort ? (query.direction ?? 'asc') : 'asc';
    const order = `${SORT_COLUMNS[query.sort ?? 'createdAt']} ${direction}, id ${direction}`;
    const [rows, [{ total }]] = await Promise.all([
      this.db.query<UserRow[]>(`SELECT id, name, email, is_admin, created_at FROM app_user ${where} ORDER BY ${order} OFFSET $${params.length + 1} LIMIT $${params.length + 2}`, [
        ...params,
        window.offset,
        window.pageSize,
      ]),
      this.db.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM app_user ${where}`, params),
    ]);
    return { window, users: rows.map(toUserDto), total };
  }

  /**
   * Every matching user, oldest account first, a batch at a time: each batch starts after the last row
   * of the one before (created_at, id), so a batch costs the same at the end of a large table as at its
   * start and no transaction is held open between batches.
   */
  async *batches(query: ListUsersQuery): AsyncGenerator<ListedUser[]> {
    const { where, params } = searchOf(query.search);
    const after = `${where ? `${where} AND` : 'WHERE'} (created_at, id) > ($${params.length + 1}::timestamptz, $${params.length + 2}::uuid)`;
    let last = ['-infinity', '00000000-0000-0000-0000-000000000000'];
    for (;;) {
      const rows = await this.db.query<(UserRow & { exact_created_at: string })[]>(
        `SELECT id, name, email, is_admin, created_at, ${EXACT_CREATED_AT} FROM app_user ${after} ORDER BY created_at, id LIMIT ${EXPORT_BATCH}`,
        [...params, ...last],
      );
      if (rows.length === 0) return;
      yield rows.map((row) => ({ ...toUserDto(row), createdAt: row.created_at.toISOString() }));
      const end = rows[rows.length - 1] as UserRow & { exact_created_at: string };
      last = [end.exact_created_at, end.id];
      if (rows.length < EXPORT_BATCH) return;
    }
  }
}

function toUserDto(row: UserRow): UserDto {
  return { _id: row.id, name: row.name, email: row.email, isAdmin: row.is_admin };
}

/** The WHERE clause of a search (none for an empty one) and its parameters. */
function searchOf(search: string | undefined): { where: string; params: string[] } {
  if (!search) return { where: '', params: [] };
  return { where: `WHERE (name ILIKE $1 OR email ILIKE $1)`, params: [containsPattern(search)] };
}
