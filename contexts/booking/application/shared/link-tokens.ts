import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@portal/kernel';

/**
 * E-mailed link tokens: "<bookingId>.<32 random bytes, base64url>". Only the sha256 of the whole
 * token is stored; the booking id lets the API read the one stream it needs without an index.
 */
export interface IssuedToken {
  token: string;
  hash: string;
}

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export function issueToken(bookingId: string): IssuedToken {
  const token = `${bookingId}.${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token) };
}

/** The booking a token names and the token's hash; null for anything that cannot be one of ours. */
export function readToken(token: string): { bookingId: string; hash: string } | null {
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/i.exec(token.trim());
  if (!m || !isUuid(m[1]!)) return null;
  return { bookingId: m[1]!.toLowerCase(), hash: hashToken(token.trim()) };
}

export const sameHash = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
};
