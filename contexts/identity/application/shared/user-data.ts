import { AppError, displayNameOf, initialsOf, isLocale, isoOrNull } from '@portal/kernel';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findUserById, type UserRow } from '@portal/projection-users';
import { hasStationsAccessOf } from '@portal/learning/contracts';
import { userDataSchema, type UserData } from '../../contracts/index.js';
import { pictureUrl } from './picture-store.js';

/** 000 §3: the value Nulo is treated as empty. */
const orNull = (v: string | null): string | null => (v === null || v === '' || v === 'Nulo' ? null : v);

export function toUserData(row: UserRow): UserData {
  const displayName = displayNameOf(row.name, row.email);
  const allowed = row.allowed_stations;
  const registerStatus = userDataSchema.shape.registerStatus.parse(row.register_status);
  const interactions = row.interactions ?? {};
  return userDataSchema.parse({
    uid: row.user_id,
    email: row.email,
    emailVerified: row.email_verified,
    lang: row.lang && isLocale(row.lang) ? row.lang : null,
    createdAt: isoOrNull(row.created_at),
    profilePicture: pictureUrl(row.profile_picture),
    actingArea: orNull(row.acting_area),
    userType: orNull(row.user_type),
    registerStatus,
    // 000 §4.5: cleared while registration has not started
    isInnerEmployee: registerStatus === 'None' ? null : row.is_inner_employee,
    country: row.country,
    company: row.company,
    name: row.name,
    roles: row.roles,
    permissions: row.permissions,
    aclTags: row.acl_tags,
    companyId: row.company_id,
    allowedStations: allowed,
    defaultStation: row.default_station,
    // learning's access rule: an explicit grant or a learner's default access (ADR 0033)
    hasStationsAccess: hasStationsAccessOf({ allowedStations: allowed ?? {}, emailVerified: row.email_verified, registerStatus }),
    emailVerificationSentAt: isoOrNull(row.email_verification_sent_at),
    interactions: {
      advertenceAlertConfirmed: interactions.advertenceAlertConfirmed ?? null,
      firstVideoContentViewed: interactions.firstVideoContentViewed ?? null,
    },
    state: row.state,
    city: row.city,
    phone: row.phone,
    phoneVerified: row.phone_verified,
    flags: row.flags ?? {},
    displayName,
    initials: initialsOf(displayName),
  });
}

/**
 * The user's profile from the users read model (GET /userData, and the answer of a profile
 * update once the read model has its events). A row not there yet (a client that did not send its
 * last position) is waited for once, up to everything committed so far.
 */
export async function readUserData(projections: ProjectionRuntime, userId: string): Promise<UserData> {
  let row = await findUserById(projections.reader('users'), userId);
  if (!row) {
    await projections.waitForHead('users');
    row = await findUserById(projections.reader('users'), userId);
  }
  if (!row) throw new AppError('user-not-found');
  return toUserData(row);
}
