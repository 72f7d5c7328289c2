import { PageNumber } from '@shop/service-kit';

/** GET /api/users?pageNumber= (admin). */
export class ListUsersQuery {
  @PageNumber()
  pageNumber?: number;
}
