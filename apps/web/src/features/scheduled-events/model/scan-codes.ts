import type { ScanActionName } from '@portal/events/contracts/http';

/**
 * What a camera read (ADR 0060's codes): an attendee's personal ticket `t1.<eventId>.<userId>.<sig>`
 * (staff scan it at the door), or the staff screen's rotating code `s1.<eventId>.<i|o>.<window>.<sig>`,
 * usually inside the portal's scan URL `…/scheduled-events/scan?code=…` (an attendee's phone opens
 * it). The signature is the server's to check; this only tells the shapes apart.
 */
export type ScannedText =
  | { kind: 'ticket'; ticket: string; eventId: string; userId: string }
  | { kind: 'staff-code'; code: string; eventId: string; action: ScanActionName }
  | { kind: 'unknown' };

const TICKET = /^t1\.([0-9a-f-]{36})\.([0-9a-f-]{36})\.[A-Za-z0-9_-]+$/i;
const STAFF_CODE = /^s1\.([0-9a-f-]{36})\.([io])\.\d+\.[A-Za-z0-9_-]+$/i;

const codeInUrl = (text: string): string | null => {
  try {
    const url = new URL(text);
    return url.pathname.endsWith('/scheduled-events/scan') ? url.searchParams.get('code') : null;
  } catch {
    return null;
  }
};

export function readScannedText(raw: string): ScannedText {
  const text = raw.trim();
  const ticket = TICKET.exec(text);
  if (ticket) return { kind: 'ticket', ticket: text, eventId: ticket[1]!.toLowerCase(), userId: ticket[2]!.toLowerCase() };
  const code = codeInUrl(text) ?? text;
  const staff = STAFF_CODE.exec(code);
  if (staff) return { kind: 'staff-code', code, eventId: staff[1]!.toLowerCase(), action: staff[2] === 'o' ? 'check-out' : 'check-in' };
  return { kind: 'unknown' };
}

/** The scan page's ?code= value when it is a staff code's shape (else the page says the code is not valid). */
export const staffCodeOf = (params: URLSearchParams): string | null => {
  const code = params.get('code')?.trim() ?? '';
  return STAFF_CODE.test(code) ? code : null;
};

/**
 * When to fetch the next rotating code: at the API's `refreshAt` (every 30 s), never sooner
 * than a second from now nor later than 30 s (a clock far off, a refreshAt in the past).
 */
export const refreshDelay = (refreshAt: string, now: Date): number => {
  const at = new Date(refreshAt).getTime();
  if (Number.isNaN(at)) return 30_000;
  return Math.min(30_000, Math.max(1_000, at - now.getTime()));
};
