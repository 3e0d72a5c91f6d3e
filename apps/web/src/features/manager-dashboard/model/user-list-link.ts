import { USER_LIST_FILTER_NAMES, type UserListFilters } from '@portal/reporting/contracts/http';

/** The filtered user list every figure links to (issue 14). */
const MANAGER_USERS = '/manager/users';

/** /manager/users with a figure's filters, in the list's own order of query names (so equal filters give equal links). */
export const userListPath = (filters: UserListFilters): string => {
  const params = new URLSearchParams();
  for (const name of USER_LIST_FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, value);
  }
  const query = params.toString();
  return query ? `${MANAGER_USERS}?${query}` : MANAGER_USERS;
};
