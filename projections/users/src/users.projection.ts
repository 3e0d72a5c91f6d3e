import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';
import { USER_EVENT_TYPES, type UserEvent } from '@portal/identity/contracts';

/** Read model behind GET /userData and the demo sign-in list: one row per user, no secrets. */
export const usersProjection: ProjectionDefinition = {
  name: 'users',
  version: 1,
  eventTypes: USER_EVENT_TYPES.filter((t) => t !== 'SignInFailed'),
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
      .addColumn('email_verification_sent_at', 'timestamptz')
      .addColumn('last_sign_in_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.withSchema(schema).createIndex('users_email_idx').ifNotExists().on('users').column('email').execute();
  },
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    const t = trx.withSchema(schema);
    for (const recorded of events) {
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
          await t.updateTable('users').set(set).where('user_id', '=', d.userId).execute();
          break;
        }
        case 'SignInSucceeded':
          await t.updateTable('users').set({ last_sign_in_at: event.data.at }).where('user_id', '=', event.data.userId).execute();
          break;
        case 'SignInFailed':
          break;
        default: {
          const exhaustive: never = event;
          void exhaustive;
        }
      }
    }
  },
};
