import type { Role } from '@portal/kernel';

/** Training-center scheduling (001 §2): /manager/tc with calendar (empty path), bookings and locations. */
export const MANAGER_TC = '/manager/tc';
export const TC_ROLES: readonly Role[] = ['tc_manager', 'tc_admin'];
export const bookingsPath = (params?: URLSearchParams) => `${MANAGER_TC}/bookings${params && params.size > 0 ? `?${params.toString()}` : ''}`;
