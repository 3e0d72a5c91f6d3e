import { createHash } from 'node:crypto';

/** Stream key of an address: case-insensitive, and no address appears in a stream name. */
export const emailKey = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40);
