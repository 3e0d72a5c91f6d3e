import { data } from 'react-router';
import type { UserData } from '@portal/identity/contracts/http';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { requireSession } from '../../../shared/session/guards';
import { isAttendee, isEventsAdmin, isEventsStaff } from '../model/access';

export type EventsAudience = 'staff' | 'admin' | 'attendee';

const ALLOWED: Record<EventsAudience, (user: UserData) => boolean> = { staff: isEventsStaff, admin: isEventsAdmin, attendee: isAttendee };

/**
 * Loader guard of every scheduled-events screen (001 §2 route guards, §6; ADR 0061): signed in
 * (sign-in with `next` otherwise, which brings a phone that scanned the staff code back to the
 * scan), verified and complete; then the screen's audience (403 otherwise). The API checks the
 * same on every call, and answers 404 for the whole area while the scheduledEvents toggle is off.
 */
export async function requireEventsUser(request: Request, audience: EventsAudience): Promise<UserData> {
  const [user] = await Promise.all([requireSession(new URL(request.url)), loadNamespaces('scheduledEvents')]);
  if (!ALLOWED[audience](user)) throw data(null, { status: 403 });
  return user;
}
