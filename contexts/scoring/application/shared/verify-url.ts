import { certificateVerifyPath } from '../../contracts/index.js';

/** The public verification page of an issued certificate (the QR code's target). */
export const verifyUrlOf = (publicUrl: string, issuedId: string): string => `${publicUrl.replace(/\/$/, '')}${certificateVerifyPath(issuedId)}`;
