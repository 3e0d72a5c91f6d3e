import { sql } from 'kysely';

/** A json or jsonb value as read: pg parses it, PGlite may hand back its text. */
export const jsonValue = <T = unknown>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A timestamptz column as the ISO text events carry (toISOString's shape), formatted by Postgres: no Date parsing per row. */
export const isoUtc = (column: string) => sql<string | null>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
