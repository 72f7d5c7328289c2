import { USER_SORTS, type UserListQuery, type UserSort } from '@shop/contracts';
import { ListQueryDto, SortOf } from '@shop/service-kit';

/** GET /api/users and GET /api/users/export (admin): `search` matches a name or an email. */
export class ListUsersQuery extends ListQueryDto implements UserListQuery {
  @SortOf(USER_SORTS, 'The column to sort by (missing: createdAt, oldest account first)')
  sort?: UserSort;
}
