import { createHash } from 'node:crypto';

/** The visitor's consistency stream is named by a hash of the normalised e-mail, never the address. */
export const visitorKeyOf = (email: string): string => createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex').slice(0, 40);
