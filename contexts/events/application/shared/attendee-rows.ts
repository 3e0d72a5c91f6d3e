import { namesOf } from '@portal/projection-users';
import { attendeesOf } from '@portal/projection-events-scheduled';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import type { AttendeeRow } from '../../contracts/index.js';
import { SCHEDULED } from './event-reads.js';

/** An event's attendee rows with each person's name (identity's users read model; a read path may read any). */
export async function attendeeRows(projections: ProjectionRuntime, eventId: string): Promise<AttendeeRow[]> {
  const rows = await attendeesOf(projections.reader(SCHEDULED), eventId);
  const names = await namesOf(projections.reader('users'), rows.map((r) => r.userId));
  return rows.map((r) => ({ ...r, name: names.get(r.userId) ?? null }));
}
