import { sql, type Transaction, type UpdateObject } from 'kysely';
import { combineEvents } from '@portal/eventstore';
import { foldText } from '@portal/kernel';
import { defineProjection, ERASED_SQL } from '@portal/projections-runtime';
import { identityEvents, USER_EVENT_TYPES, type ManagedUserDetails, type SessionEvent, type UserEvent } from '@portal/identity/contracts';
import { progressEvents, type ProgressEvent } from '@portal/learning/contracts';
import { migrateUsers, type UsersDB } from './schema.js';

/** User events the read model ignores (secrets, throttling and closed registrations). */
const IGNORED = new Set<UserEvent['type']>(['SignInFailed', 'PasswordResetRequested', 'PhoneVerificationSent', 'SignInLinkSent', 'SignInLinkUsed', 'RegistrationAbandoned']);

/**
 * Learning progress that makes a learner active (last_active_at). Play ticks (MediaProgressed)
 * and player or SCORM state saves are left out: they come every few seconds during a play that
 * MediaStarted already marks, and would multiply this projection's work (ADR 0052).
 */
const ACTIVITY_TYPES = [
  'StationVisited',
  'StationFeedbackGiven',
  'ContentViewed',
  'MediaStarted',
  'MediaCompleted',
  'StationMediaCompleted',
  'BookmarkAdded',
  'BookmarkRemoved',
  'ContentFeedbackGiven',
  'ScormCompleted',
  'PodcastEpisodeDownloaded',
  'ProtectedMediaDownloaded',
] as const satisfies readonly ProgressEvent['type'][];
type ActivityEvent = Extract<ProgressEvent, { type: (typeof ACTIVITY_TYPES)[number] }>;
/** Progress on content: a learner with none of it has "never started" (first_activity_at null). Visits, bookmarks and feedback are not progress. */
const STARTED = new Set<ActivityEvent['type']>(['ContentViewed', 'MediaStarted', 'MediaCompleted', 'StationMediaCompleted', 'ScormCompleted', 'PodcastEpisodeDownloaded', 'ProtectedMediaDownloaded']);

const APPLIED = [...USER_EVENT_TYPES.filter((t) => !IGNORED.has(t)), 'SessionStarted', 'SessionRefreshed', 'SessionRevoked', ...ACTIVITY_TYPES] as const satisfies readonly (UserEvent | SessionEvent | ProgressEvent)['type'][];

const events = combineEvents(identityEvents, progressEvents);

const activityAt = (e: ActivityEvent): string => {
  switch (e.type) {
    case 'StationVisited':
      return e.data.visitedAt;
    case 'StationFeedbackGiven':
    case 'ContentFeedbackGiven':
      return e.data.givenAt;
    case 'ContentViewed':
      return e.data.viewedAt;
    case 'MediaStarted':
      return e.data.startedAt;
    case 'MediaCompleted':
    case 'StationMediaCompleted':
    case 'ScormCompleted':
      return e.data.completedAt;
    case 'BookmarkAdded':
      return e.data.bookmarkAt;
    case 'BookmarkRemoved':
      return e.data.removedAt;
    case 'PodcastEpisodeDownloaded':
    case 'ProtectedMediaDownloaded':
      return e.data.downloadedAt;
  }
};

/** The access columns of UserPreRegistered, AccessGranted and AccessChanged (each carries the whole access). */
const accessColumns = (d: Pick<Extract<UserEvent, { type: 'AccessChanged' }>['data'], 'roles' | 'permissions' | 'aclTags' | 'companyId' | 'allowedStations'>) => ({
  roles: JSON.stringify(d.roles),
  permissions: JSON.stringify(d.permissions),
  acl_tags: JSON.stringify(d.aclTags),
  company_id: d.companyId,
  allowed_stations: JSON.stringify(d.allowedStations),
});

/** The manager view's detail columns a UserPreRegistered or UserDetailsChanged names (absent: unchanged). */
function detailColumns(d: ManagedUserDetails): UpdateObject<UsersDB, 'users'> {
  const set: UpdateObject<UsersDB, 'users'> = {};
  const columns: { [K in keyof Required<ManagedUserDetails>]: keyof UsersDB['users'] } = {
    name: 'name',
    country: 'country',
    state: 'state',
    city: 'city',
    userType: 'user_type',
    otherUserType: 'other_user_type',
    actingArea: 'acting_area',
    otherActingArea: 'other_acting_area',
    defaultStation: 'default_station',
    phone: 'phone',
    salesTeam: 'sales_team',
    dn: 'dn',
    regional: 'regional',
    position: 'position',
    isInnerEmployee: 'is_inner_employee',
    responsible: 'responsible',
    group: 'user_group',
    region: 'region',
    expertState: 'expert_state',
    theme: 'theme',
    subTheme: 'sub_theme',
    businessRegion: 'business_region',
    businessUnit: 'business_unit',
  };
  for (const [key, column] of Object.entries(columns) as [keyof ManagedUserDetails, keyof UsersDB['users']][]) {
    if (d[key] !== undefined) (set as Record<string, unknown>)[column] = d[key];
  }
  if (d.name !== undefined) set.name_folded = foldText(d.name ?? '');
  return set;
}

/**
 * Users' activity in a batch, written once at its end (one statement for the batch): per user
 * the newest time (last_active_at), the newest sign-in, and for learning progress the oldest
 * time (first_activity_at). Session refreshes name the session only.
 */
class ActivityBatch {
  readonly users = new Map<string, { last: string; first: string | null; signIn: string | null }>();
  readonly sessions = new Map<string, string>();

  user(userId: string, at: string, kind: 'sign-in' | 'started' | 'active'): void {
    let seen = this.users.get(userId);
    if (!seen) this.users.set(userId, (seen = { last: at, first: null, signIn: null }));
    if (at > seen.last) seen.last = at;
    if (kind === 'started' && (seen.first === null || at < seen.first)) seen.first = at;
    if (kind === 'sign-in' && (seen.signIn === null || at > seen.signIn)) seen.signIn = at;
  }

  session(sessionId: string, at: string): void {
    const seen = this.sessions.get(sessionId);
    if (!seen || at > seen) this.sessions.set(sessionId, at);
  }

  async write(trx: Transaction<UsersDB>, schema: string): Promise<void> {
    const users = sql.table(`${schema}.users`);
    if (this.sessions.size > 0) {
      const rows = JSON.stringify([...this.sessions].map(([session_id, at]) => ({ session_id, at })));
      await sql`update ${users} u set last_active_at = greatest(u.last_active_at, v.at)
        from jsonb_to_recordset(${rows}::jsonb) as v(session_id text, at timestamptz)
        join ${sql.table(`${schema}.sessions`)} s on s.session_id = v.session_id
        where u.user_id = s.user_id`.execute(trx);
    }
    if (this.users.size > 0) {
      const rows = JSON.stringify([...this.users].map(([user_id, a]) => ({ user_id, last: a.last, first: a.first, sign_in: a.signIn })));
      await sql`update ${users} u set last_active_at = greatest(u.last_active_at, v.last), first_activity_at = least(u.first_activity_at, v.first),
          last_sign_in_at = greatest(u.last_sign_in_at, v.sign_in)
        from jsonb_to_recordset(${rows}::jsonb) as v(user_id text, last timestamptz, first timestamptz, sign_in timestamptz)
        where u.user_id = v.user_id`.execute(trx);
    }
  }
}

/**
 * Read model behind GET /userData, the demo sign-in list and the manager's user directory
 * (issue 14, ADR 0052): one row per user (pre-registered ones too), no secrets, with the manager
 * view's fields, activity times and the folded search text.
 */
/** A nullable personal text column after erasure: null stays null (nothing was stored), anything else reads "[erased]". */
const erased = (column: string) => `case when "${column}" is null then null else ${ERASED_SQL} end`;

export const usersProjection = defineProjection({
  name: 'users',
  version: 3,
  events,
  // ADR 0091: what a rebuild from the erased log gives (search_text and name_sort are generated from these)
  personalData: [
    {
      table: 'users',
      subject: 'user_id',
      set: {
        email: ERASED_SQL,
        name: erased('name'),
        name_folded: `case when "name" is null then '' else ${ERASED_SQL} end`,
        company: erased('company'),
        city: erased('city'),
        phone: erased('phone'),
        flags: `(select coalesce(jsonb_object_agg(k, case jsonb_typeof(v) when 'string' then '"[erased]"'::jsonb when 'number' then '0'::jsonb when 'boolean' then 'false'::jsonb else v end), '{}'::jsonb) from jsonb_each("flags") as f(k, v))`,
      },
    },
    { table: 'sessions', subject: 'user_id', set: { ip: erased('ip'), user_agent: erased('user_agent') } },
  ],
  // a session's address and browser are its user's of the month it started (their network key)
  networkData: [{ table: 'sessions', at: 'started_at', set: { ip: erased('ip'), user_agent: erased('user_agent') } }],
  eventTypes: APPLIED,
  migrate: migrateUsers,
  async apply(trx: Transaction<UsersDB>, schema, batch) {
    const t = trx.withSchema(schema);
    const activity = new ActivityBatch();
    for (const event of batch) {
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
          // a pre-registered user's row (same stream) keeps its details and access and gains the account
          const d = event.data;
          await t
            .insertInto('users')
            .values({ user_id: d.userId, email: d.email, lang: d.lang, country: d.country, ref: d.ref, has_account: true, created_at: d.registeredAt, updated_at: d.registeredAt })
            .onConflict((oc) => oc.column('user_id').doUpdateSet({ email: d.email, lang: d.lang, country: d.country, ref: d.ref, has_account: true, updated_at: d.registeredAt }))
            .execute();
          break;
        }
        case 'UserPreRegistered': {
          const d = event.data;
          await t
            .insertInto('users')
            .values({
              user_id: d.userId,
              email: d.email,
              country: null,
              ...detailColumns(d.details),
              ...accessColumns(d),
              has_account: false,
              created_at: d.preRegisteredAt,
              updated_at: d.preRegisteredAt,
            })
            .onConflict((oc) => oc.column('user_id').doNothing())
            .execute();
          break;
        }
        case 'UserDetailsChanged':
          await t
            .updateTable('users')
            .set({ ...detailColumns(event.data.details), updated_at: event.data.changedAt })
            .where('user_id', '=', event.data.userId)
            .execute();
          break;
        case 'AccessChanged':
          await t.updateTable('users').set({ ...accessColumns(event.data), updated_at: event.data.changedAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'InvitationSent':
          await t.updateTable('users').set({ invited_at: event.data.sentAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'UserDeactivated':
          await t.updateTable('users').set({ active: false, updated_at: event.data.deactivatedAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'UserReactivated':
          await t.updateTable('users').set({ active: true, updated_at: event.data.reactivatedAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'UserDeleted':
          activity.users.delete(event.data.userId);
          await t.deleteFrom('users').where('user_id', '=', event.data.userId).execute();
          break;
        case 'AccessGranted':
          await t.updateTable('users').set({ ...accessColumns(event.data), updated_at: event.data.grantedAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'EmailVerified':
          await t.updateTable('users').set({ email_verified: true, updated_at: event.data.verifiedAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'ProfileUpdated': {
          const d = event.data;
          const set: UpdateObject<UsersDB, 'users'> = { updated_at: d.updatedAt };
          if (d.name !== undefined) {
            set.name = d.name;
            set.name_folded = foldText(d.name ?? '');
          }
          if (d.actingArea !== undefined) set.acting_area = d.actingArea;
          if (d.userType !== undefined) set.user_type = d.userType;
          if (d.company !== undefined) set.company = d.company;
          if (d.isInnerEmployee !== undefined) set.is_inner_employee = d.isInnerEmployee;
          if (d.defaultStation !== undefined) set.default_station = d.defaultStation;
          if (d.registerStatus !== undefined) set.register_status = d.registerStatus;
          if (d.country !== undefined) set.country = d.country;
          if (d.state !== undefined) set.state = d.state;
          if (d.city !== undefined) set.city = d.city;
          if (d.phone !== undefined) {
            // a different number is not verified until linked again
            set.phone = d.phone;
            set.phone_verified = sql<boolean>`phone_verified and phone is not distinct from ${d.phone}`;
          }
          await t.updateTable('users').set(set).where('user_id', '=', d.userId).execute();
          break;
        }
        case 'SignInSucceeded':
          activity.user(event.data.userId, event.data.at, 'sign-in');
          break;
        case 'SessionRefreshed':
          activity.session(event.data.sessionId, event.data.refreshedAt);
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
        case 'EmailClaimed':
        case 'EmailReleased':
        // companies and reference data: the companies projection's (issue 14)
        case 'CompanyRegistered':
        case 'CompanyUpdated':
        case 'CompanyDomainsChanged':
        case 'ReferenceItemSaved':
        case 'ReferenceItemRetired':
        // the privacy stream: the privacy-requests projection's (ADR 0092)
        case 'DataExportRequested':
        case 'DataExportPrepared':
        case 'AccountDeletionRequested':
        case 'AccountDeletionCanceled':
        case 'AccountErasureStarted':
        case 'AccountErased':
        case 'LegalHoldPlaced':
        case 'LegalHoldLifted':
        case 'ConsentGiven':
        case 'ConsentWithdrawn':
        // play ticks and state saves (see ACTIVITY_TYPES)
        case 'MediaProgressed':
        case 'MediaStateSaved':
        case 'ScormStateSaved':
          break;
        default: {
          if (event.data.actor.startsWith('guest:')) break;
          activity.user(event.data.actor, activityAt(event), STARTED.has(event.type) ? 'started' : 'active');
        }
      }
    }
    await activity.write(trx, schema);
  },
});
