import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { parse as uuidParse, stringify as uuidStringify } from 'uuid';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * E-mail action codes: `<base64url(userId)>.<32 random bytes>`. The user id routes the code to
 * its stream; only the sha256 of the whole code is stored, so the log never holds a usable link.
 */
export function newActionCode(userId: string): { oobCode: string; codeHash: string } {
  const oobCode = `${Buffer.from(userId, 'utf8').toString('base64url')}.${randomBytes(32).toString('base64url')}`;
  return { oobCode, codeHash: sha256(oobCode) };
}

export function parseActionCode(oobCode: string): { userId: string; codeHash: string } | null {
  const [head, secret] = oobCode.split('.');
  if (!head || !secret || secret.length < 20) return null;
  const userId = Buffer.from(head, 'base64url').toString('utf8');
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  return { userId, codeHash: sha256(oobCode) };
}

/** Six-digit phone codes, hashed with the user and number so a code is useless elsewhere. */
export function newPhoneCode(userId: string, phone: string): { code: string; codeHash: string } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { code, codeHash: phoneCodeHash(userId, phone, code) };
}
export const phoneCodeHash = (userId: string, phone: string, code: string) => sha256(`${userId}|${phone}|${code}`);

/**
 * Refresh tokens: `<sessionId>.<mac>`, where the mac is an HMAC of the session id and its
 * generation (how many times it was rotated) under the server's secret; the log stores only the
 * sha256 of the token. Deriving it lets the server hand the current token again to a client
 * whose refresh answer was lost (ADR 0029) without ever storing a usable token.
 */
export function refreshTokenFor(secret: string, sessionId: string, generation: number): { token: string; hash: string } {
  const mac = createHmac('sha256', secret).update(`portal-refresh-token:${sessionId}:${generation}`).digest('base64url');
  const token = `${sessionId}.${mac}`;
  return { token, hash: sha256(token) };
}
export function parseRefreshToken(token: string): { sessionId: string; hash: string } | null {
  const [sessionId, secret] = token.split('.');
  if (!sessionId || !secret || !/^[0-9a-f-]{36}$/i.test(sessionId)) return null;
  return { sessionId, hash: sha256(token) };
}

/**
 * Invitation tokens (ADR 0050): `<base64url(user id 16 bytes, expiry 4 bytes)>.<base64url(mac)>`,
 * the mac an HMAC of both under the server's secret, so the registration screen's lookup needs no
 * index: the token names the pre-registered user's stream. Only the sha256 of the token is stored
 * (InvitationSent), and registration checks it against the stream.
 */
const invitationMac = (secret: string, body: Buffer): Buffer => createHmac('sha256', secret).update('portal-invitation\0').update(body).digest().subarray(0, 20);

export function invitationTokenFor(secret: string, userId: string, expiresAt: Date): { token: string; codeHash: string } {
  const body = Buffer.alloc(20);
  Buffer.from(uuidParse(userId)).copy(body, 0);
  body.writeUInt32BE(Math.ceil(expiresAt.getTime() / 1000), 16);
  const token = `${body.toString('base64url')}.${invitationMac(secret, body).toString('base64url')}`;
  return { token, codeHash: sha256(token) };
}

/** The user and expiry of an authentic invitation token (expired or not), or null. */
export function parseInvitationToken(secret: string, token: string): { userId: string; expiresAt: Date; codeHash: string } | null {
  const [head, mac] = token.split('.');
  if (!head || !mac) return null;
  const body = Buffer.from(head, 'base64url');
  const given = Buffer.from(mac, 'base64url');
  if (body.length !== 20 || body.toString('base64url') !== head || given.length !== 20) return null;
  if (!timingSafeEqual(given, invitationMac(secret, body))) return null;
  return { userId: uuidStringify(body.subarray(0, 16)), expiresAt: new Date(body.readUInt32BE(16) * 1000), codeHash: sha256(token) };
}
