import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';
import { USER_EVENT_TYPES, type SessionEvent, type UserEvent } from '@portal/identity/contracts';

/** Read model behind GET /userData and the demo sign-in list: one row per user, no secrets. */
export const usersProjection: ProjectionDefinition = {
  name: 'users',
  version: 2,
  eventTypes: [...USER_EVENT_TYPES.filter((t) => t !== 'SignInFailed' && t !== 'PasswordResetRequested' && t !== 'PhoneVerificationSent' && t !== 'SignInLinkSent' && t !== 'SignInLinkUsed' && t !== 'RegistrationAbandoned'), 'SessionStarted', 'SessionRevoked'],
  async migrate(db: Kysely<any>, schema: string) {
    await db.schema
      .withSchema(schema)
      .createTable('users')
      .ifNotExists()
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('lang', 'text')
      .addColumn('country', 'text')
      .addColumn('ref', 'text')
      .addColumn('name', 'text')
      .addColumn('company', 'text')
      .addColumn('acting_area', 'text')
      .addColumn('user_type', 'text')
      .addColumn('is_inner_employee', 'boolean')
      .addColumn('default_station', 'text')
      .addColumn('register_status', 'text', (c) => c.notNull().defaultTo('None'))
      .addColumn('roles', 'jsonb', (c) => c.notNull().defaultTo(sql`'["learner"]'::jsonb`))
      .addColumn('permissions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('acl_tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('company_id', 'text')
      .addColumn('allowed_stations', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('profile_picture', 'text')
      .addColumn('state', 'text')
      .addColumn('city', 'text')
      .addColumn('phone', 'text')
      .addColumn('phone_verified', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('flags', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('interactions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('email_verification_sent_at', 'timestamptz')
      .addColumn('last_sign_in_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.withSchema(schema).createIndex('users_email_idx').ifNotExists().on('users').column('email').execute();
    await db.schema
      .withSchema(schema)
      .createTable('sessions')
      .ifNotExists()
      .addColumn('session_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('started_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('revoke_reason', 'text')
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.withSchema(schema).createIndex('sessions_user_idx').ifNotExists().on('sessions').columns(['user_id', 'started_at']).execute();
  },
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    const t = trx.withSchema(schema);
    for (const recorded of events) {
      const session = { type: recorded.type, data: recorded.data } as SessionEvent;
      if (session.type === 'SessionStarted') {
        const d = session.data;
        await t
          .insertInto('sessions')
          .values({ session_id: d.sessionId, user_id: d.userId, started_at: d.startedAt, expires_at: d.expiresAt, ip: d.ip, user_agent: d.userAgent })
          .onConflict((oc) => oc.column('session_id').doNothing())
          .execute();
        continue;
      }
      if (session.type === 'SessionRevoked') {
        await t.updateTable('sessions').set({ revoked_at: session.data.revokedAt, revoke_reason: session.data.reason }).where('session_id', '=', session.data.sessionId).execute();
        continue;
      }
      const event = { type: recorded.type, data: recorded.data } as UserEvent;
      switch (event.type) {
        case 'UserRegistered': {
          const d = event.data;
          await t
            .insertInto('users')
            .values({ user_id: d.userId, email: d.email, lang: d.lang, country: d.country, ref: d.ref, created_at: d.registeredAt, updated_at: d.registeredAt })
            .onConflict((oc) => oc.column('user_id').doNothing())
            .execute();
          break;
        }
        case 'AccessGranted': {
          const d = event.data;
          await t
            .updateTable('users')
            .set({
              roles: JSON.stringify(d.roles),
              permissions: JSON.stringify(d.permissions),
              acl_tags: JSON.stringify(d.aclTags),
              company_id: d.companyId,
              allowed_stations: JSON.stringify(d.allowedStations),
              updated_at: d.grantedAt,
            })
            .where('user_id', '=', d.userId)
            .execute();
          break;
        }
        case 'EmailVerified':
          await t.updateTable('users').set({ email_verified: true, updated_at: event.data.verifiedAt }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'ProfileUpdated': {
          const d = event.data;
          const set: Record<string, unknown> = { updated_at: d.updatedAt };
          if (d.name !== undefined) set.name = d.name;
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
            set.phone_verified = sql`phone_verified and phone is not distinct from ${d.phone}`;
          }
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
            .set({ flags: sql`flags || jsonb_build_object(${event.data.key}::text, ${JSON.stringify(event.data.value)}::jsonb)` })
            .where('user_id', '=', event.data.userId)
            .execute();
          break;
        case 'InteractionRecorded':
          await t
            .updateTable('users')
            .set({ interactions: sql`interactions || jsonb_build_object(${event.data.name}::text, ${event.data.at}::text)` })
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
          break;
        default: {
          const exhaustive: never = event;
          void exhaustive;
        }
      }
    }
  },
};
