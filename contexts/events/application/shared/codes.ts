import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError, isUuid } from '@portal/kernel';
import type { ScanAction } from '../../domain/index.js';

const SIGNATURE_CHARS = 22; // 128 bits of HMAC-SHA256, base64url

/**
 * The two signed codes of the check-in (ADR 0060), HMAC-SHA256 with a key derived from the API's
 * signing secret (nothing stored):
 * - the staff screen's rotating code `s1.<eventId>.<i|o>.<window>.<sig>`: the event, check-in or
 *   check-out, and the 30-second window it was made for; the decider refuses old windows;
 * - the attendee's personal ticket `t1.<eventId>.<userId>.<sig>`: good for the whole event, so a
 *   printed or mailed ticket works offline; a scan changes something only once.
 */
export class EventCodes {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('portal:events:codes:v1').digest();
  }

  staffCode(eventId: string, action: ScanAction, window: number): string {
    const payload = `s1.${eventId}.${action === 'check-in' ? 'i' : 'o'}.${window}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** The event, action and window of a staff code, or event-code-invalid (malformed, forged). */
  readStaffCode(code: string): { eventId: string; action: ScanAction; window: number } {
    const parts = code.trim().split('.');
    const [version, eventId, action, window, signature] = parts;
    if (parts.length !== 5 || version !== 's1' || !eventId || !isUuid(eventId) || (action !== 'i' && action !== 'o') || !window || !/^\d{1,12}$/.test(window)) {
      throw new AppError('event-code-invalid');
    }
    if (!this.verify(parts.slice(0, 4).join('.'), signature!)) throw new AppError('event-code-invalid');
    return { eventId: eventId.toLowerCase(), action: action === 'i' ? 'check-in' : 'check-out', window: Number(window) };
  }

  ticket(eventId: string, userId: string): string {
    const payload = `t1.${eventId}.${userId}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** The attendee a ticket names, or ticket-invalid (malformed, forged, of another event). */
  readTicket(ticket: string, eventId: string): string {
    const parts = ticket.trim().split('.');
    const [version, forEvent, userId, signature] = parts;
    if (parts.length !== 4 || version !== 't1' || forEvent !== eventId || !userId || !isUuid(userId)) throw new AppError('ticket-invalid');
    if (!this.verify(parts.slice(0, 3).join('.'), signature!)) throw new AppError('ticket-invalid');
    return userId;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, SIGNATURE_CHARS);
  }

  private verify(payload: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
