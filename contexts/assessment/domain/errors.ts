import { AppError } from '@portal/kernel';
import '../contracts/errors.js';

export const fieldError = (path: string, message: string) => new AppError('app/bed-request', 'Invalid request', [{ path, message }]);
