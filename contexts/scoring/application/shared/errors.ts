import { AppError } from '@portal/kernel';
import { CERTIFICATE_ERROR_MESSAGE_KEY } from '../../contracts/index.js';

/** Certificate retrieval failures carry the SPA's message key (000 §8 "certificate retrieval error"). */
export const certificateError = (code: '403' | '404' | '500', message: string, extra: Record<string, string> = {}) =>
  new AppError(code, message, undefined, { messageKey: CERTIFICATE_ERROR_MESSAGE_KEY, ...extra });
