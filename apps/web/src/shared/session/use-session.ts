import { useMemo, useSyncExternalStore } from 'react';
import type { Permission, Role } from '@portal/kernel';
import { canAccessStation, hasAclTag, hasAnyRole, hasArea, hasCompany, hasPermission, hasRole, isCountry, type StationAreas } from './access';
import type { AuthClaims } from './claims';
import { isAccountReady } from './guard-rules';
import { getAuthClaims, hasAccessToken, subscribeSession } from './token-store';

/**
 * The signed-in user's token claims, or null; re-renders on sign-in, refresh and sign-out. The
 * server snapshot is the same read: on the server the request's claims, in the browser while it
 * hydrates the claims the document was drawn with (ADR 0090).
 */
export const useAuthClaims = (): AuthClaims | null => useSyncExternalStore(subscribeSession, getAuthClaims, getAuthClaims);

/** Whether a session exists in this tab. */
export const useSignedIn = (): boolean => useSyncExternalStore(subscribeSession, hasAccessToken, hasAccessToken);

/**
 * Whether the signed-in user may use the learner area (verified e-mail, Completed registration):
 * what decides the shell's calls to routes that answer 403 to incomplete accounts (issue 13).
 */
export const useAccountReady = (): boolean => isAccountReady(useAuthClaims());

/**
 * The store's checks of 000 §6 bound to the signed-in user's claims (access.ts holds the pure
 * rules): hasRole('tc_admin'), hasAnyRole([...]), hasPermission(...), isCountry('BR'),
 * canAccessStation(id), hasArea(stations, area), hasCompany(), hasAclTag(tag).
 * hasStationsAccess comes from /userData (access.ts `hasStationsAccess(user)`).
 */
export const useAccess = () => {
  const claims = useAuthClaims();
  return useMemo(
    () => ({
      claims,
      hasRole: (role: Role) => hasRole(claims, role),
      hasAnyRole: (roles: readonly Role[]) => hasAnyRole(claims, roles),
      hasPermission: (permission: Permission) => hasPermission(claims, permission),
      isCountry: (...countries: string[]) => isCountry(claims, ...countries),
      canAccessStation: (stationId: string) => canAccessStation(claims, stationId),
      hasArea: (stations: readonly StationAreas[], area: string) => hasArea(claims, stations, area),
      hasCompany: () => hasCompany(claims),
      hasAclTag: (tag: string) => hasAclTag(claims, tag),
    }),
    [claims],
  );
};
