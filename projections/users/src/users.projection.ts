import { sql, type Transaction, type UpdateObject } from 'kysely';
import { defineProjection } from '@portal/projections-runtime';
import { identityEvents, USER_EVENT_TYPES, type ManagedUserDetails, type SessionEvent, type UserEvent } from '@portal/identity/contracts';
import { migrateUsers, type UsersDB } from './schema.js';

/** User events the read model ignores (secrets, throttling and closed registrations). */
const IGNORED = new Set<UserEvent['type']>(['SignInFailed', 'PasswordResetRequested', 'PhoneVerificationSent', 'SignInLinkSent', 'SignInLinkUsed', 'RegistrationAbandoned']);
const APPLIED: readonly (UserEvent | SessionEvent)['type'][] = [...USER_EVENT_TYPES.filter((t) => !IGNORED.has(t)), 'SessionStarted', 'SessionRevoked'];

type ProfileFields = Partial<Pick<ManagedUserDetails, 'name' | 'actingArea' | 'userType' | 'isInnerEmployee' | 'defaultStation' | 'country' | 'state' | 'city' | 'phone'>>;

/** The profile columns a change names (ProfileUpdated by the user, UserDetailsChanged by a manager). */
function profileColumns(d: ProfileFields, at: string): UpdateObject<UsersDB, 'users'> {
  const set: UpdateObject<UsersDB, 'users'> = { updated_at: at };
  if (d.name !== undefined) set.name = d.name;
  if (d.actingArea !== undefined) set.acting_area = d.actingArea;
  if (d.userType !== undefined) set.user_type = d.userType;
  if (d.isInnerEmployee !== undefined) set.is_inner_employee = d.isInnerEmployee;
  if (d.defaultStation !== undefined) set.default_station = d.defaultStation;
  if (d.country !== undefined) set.country = d.country;
  if (d.state !== undefined) set.state = d.state;
  if (d.city !== undefined) set.city = d.city;
  if (d.phone !== undefined) {
    // a different number is not verified until linked again
    set.phone = d.phone;
    set.phone_verified = sql<boolean>`phone_verified and phone is not distinct from ${d.phone}`;
  }
  return set;
}

/** Read model behind GET /userData and the demo sign-in list: one row per user, no secrets. */
export const usersProjection = defineProjection({
  name: 'users',
  version: 3,
  events: identityEvents,
  eventTypes: APPLIED,
  migrate: migrateUsers,
  async apply(trx: Transaction<UsersDB>, schema, events) {
    const t = trx.withSchema(schema);
    for (const event of events) {
      switch (event.type) {
        case 'SessionStarted': {
          const d = event.data;
          await t
            .insertInto('sessions')
            .values({ session_id: d.sessionId, user_id: d.userId, started_at: d.startedAt, expires_at: d.expiresAt, ip: d.ip, user_agent: d.userAgent })
            .onConflict((oc) => oc.column('session_id').doNothing())
            .execute();
          break;
        }
        case 'SessionRevoked':
          await t.updateTable('sessions').set({ revoked_at: event.data.revokedAt, revoke_reason: event.data.reason }).where('session_id', '=', event.data.sessionId).execute();
          break;
        case 'UserRegistered': {
          const d = event.data;
          await t
            .insertInto('users')
            .values({ user_id: d.userId, email: d.email, lang: d.lang, country: d.country, ref: d.ref, created_at: d.registeredAt, updated_at: d.registeredAt })
            .onConflict((oc) => oc.column('user_id').doNothing())
            .execute();
          break;
        }
        case 'AccessGranted':
        case 'AccessChanged': {
          const d = event.data;
          await t
            .updateTable('users')
            .set({
              roles: JSON.stringify(d.roles),
              permissions: JSON.stringify(d.permissions),
              acl_tags: JSON.stringify(d.aclTags),
              company_id: d.companyId,
              allowed_stations: JSON.stringify(d.allowedStations),
              updated_at: event.type === 'AccessGranted' ? event.data.grantedAt : event.data.changedAt,
            })
            .where('user_id', '=', d.userId)
            .execute();
          break;
        }
        case 'UserDetailsChanged': {
          // the profile's own columns (a manager's other fields are the manager directory's)
          await t.updateTable('users').set(profileColumns(event.data.details, event.data.changedAt)).where('user_id', '=', event.data.userId).execute();
          break;
        }
        case 'EmailVerified':
          await t.updateTable('users').set({ email_verified: true, updated_at: event.data.verifiedAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'ProfileUpdated': {
          const d = event.data;
          const set = profileColumns(d, d.updatedAt);
          if (d.company !== undefined) set.company = d.company;
          if (d.registerStatus !== undefined) set.register_status = d.registerStatus;
          await t.updateTable('users').set(set).where('user_id', '=', d.userId).execute();
          break;
        }
        case 'SignInSucceeded':
          await t.updateTable('users').set({ last_sign_in_at: event.data.at }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'EmailVerificationSent':
          await t.updateTable('users').set({ email_verification_sent_at: event.data.sentAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'EmailChanged':
          await t
            .updateTable('users')
            .set({ email: event.data.email, email_verified: false, email_verification_sent_at: null, updated_at: event.data.changedAt })
            .where('user_id', '=', event.data.userId)
            .execute();
          break;
        case 'EmailRecovered':
          await t.updateTable('users').set({ email: event.data.email, email_verified: true, updated_at: event.data.recoveredAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'ProfilePictureChanged':
          await t.updateTable('users').set({ profile_picture: event.data.pictureId, updated_at: event.data.changedAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'ProfilePictureRemoved':
          await t.updateTable('users').set({ profile_picture: null, updated_at: event.data.removedAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'UserFlagSet':
          await t
            .updateTable('users')
            .set({ flags: sql<string>`flags || jsonb_build_object(${event.data.key}::text, ${JSON.stringify(event.data.value)}::jsonb)` })
            .where('user_id', '=', event.data.userId)
            .execute();
          break;
        case 'InteractionRecorded':
          await t
            .updateTable('users')
            .set({ interactions: sql<string>`interactions || jsonb_build_object(${event.data.name}::text, ${event.data.at}::text)` })
            .where('user_id', '=', event.data.userId)
            .execute();
          break;
        case 'LocaleChanged':
          await t.updateTable('users').set({ lang: event.data.lang, updated_at: event.data.changedAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'PhoneLinked':
          await t.updateTable('users').set({ phone: event.data.phone, phone_verified: true, updated_at: event.data.linkedAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'PasswordChanged':
          await t.updateTable('users').set({ updated_at: event.data.changedAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'SignInFailed':
        case 'PasswordResetRequested':
        case 'PhoneVerificationSent':
        case 'SignInLinkSent':
        case 'SignInLinkUsed':
        case 'RegistrationAbandoned':
        case 'SessionRefreshed':
        case 'EmailClaimed':
        case 'EmailReleased':
        case 'CompanyRegistered':
        case 'CompanyUpdated':
        // issue 14 (manager administration): pre-registered users have no row here (no account yet)
        case 'CompanyDomainsChanged':
        case 'UserPreRegistered':
        case 'InvitationSent':
        case 'UserDeactivated':
        case 'UserReactivated':
        case 'UserDeleted':
        case 'ReferenceItemSaved':
        case 'ReferenceItemRetired':
          break;
        default: {
          const exhaustive: never = event;
          void exhaustive;
        }
      }
    }
  },
});
