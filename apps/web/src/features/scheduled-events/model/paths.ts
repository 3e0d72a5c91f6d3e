/**
 * The scheduled-events routes (001 §2 names /scheduled-events, /import, /import-users,
 * /form/:id, /published/:id, /reports/:id; ADR 0061 places the screens 001 names without a
 * path: my events, the quiz list and editor, the staff check-in screen, the scan page the
 * rotating code opens, and the quiz taken on a phone).
 */
export const EVENTS_HOME = '/scheduled-events';
/** The id of the form and the quiz editor for a new one. */
export const NEW_ID = 'new';

export const eventPaths = {
  list: EVENTS_HOME,
  myEvents: `${EVENTS_HOME}/my-events`,
  quizzes: `${EVENTS_HOME}/quizzes`,
  /** the page the staff screen's QR code opens (contract: rotatingCodeSchema.url) */
  scan: `${EVENTS_HOME}/scan`,
  import: `${EVENTS_HOME}/import`,
  importUsers: `${EVENTS_HOME}/import-users`,
  form: (id: string) => `${EVENTS_HOME}/form/${encodeURIComponent(id)}`,
  published: (id: string) => `${EVENTS_HOME}/published/${encodeURIComponent(id)}`,
  report: (id: string) => `${EVENTS_HOME}/reports/${encodeURIComponent(id)}`,
  checkIn: (id: string) => `${EVENTS_HOME}/check-in/${encodeURIComponent(id)}`,
  quiz: (id: string) => `${EVENTS_HOME}/quizzes/${encodeURIComponent(id)}`,
  takeQuiz: (eventId: string, quizId: string) => `${EVENTS_HOME}/published/${encodeURIComponent(eventId)}/quiz/${encodeURIComponent(quizId)}`,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id of the API (a UUID); anything else in a path is a page that does not exist. */
export const isEntityId = (value: string | undefined): value is string => value !== undefined && UUID.test(value);

/** The form's and editor's :id: a UUID, or "new". */
export const editId = (value: string | undefined): { kind: 'new' } | { kind: 'edit'; id: string } | null =>
  value === NEW_ID ? { kind: 'new' } : isEntityId(value) ? { kind: 'edit', id: value } : null;
