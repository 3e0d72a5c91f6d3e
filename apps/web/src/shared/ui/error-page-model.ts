import { isRouteErrorResponse } from 'react-router';
import { isApiError } from '../api/api-error';

export type ErrorAction = 'home' | 'reload';

export type ErrorPageMessage =
  | { ns: 'errors'; key: '400' | '403' | '404' | 'page-not-found' }
  | { ns: 'common'; key: 'errorPage.generic' };

export interface ErrorPageModel {
  status: number;
  message: ErrorPageMessage;
  actions: ErrorAction[];
}

/** The HTTP status an error stands for; 500 when it says nothing (000 §2.4). */
export const statusOfError = (error: unknown): number => {
  if (isRouteErrorResponse(error)) return error.status;
  if (isApiError(error)) return error.statusCode === 0 ? 503 : error.statusCode;
  return 500;
};

/**
 * What the error page shows (000 §2.4): the message with a back-to-home link on 400 and 404,
 * a reload link and the back-to-home link on 403, a generic text otherwise, where the user may
 * reload or go home.
 * An unknown page shows the page-not-found text.
 */
export const errorPageModel = (status: number | undefined, options: { notFound?: boolean } = {}): ErrorPageModel => {
  if (options.notFound) return { status: 404, message: { ns: 'errors', key: 'page-not-found' }, actions: ['home'] };
  const code = status !== undefined && Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
  switch (code) {
    case 400:
      return { status: code, message: { ns: 'errors', key: '400' }, actions: ['home'] };
    case 404:
      return { status: code, message: { ns: 'errors', key: '404' }, actions: ['home'] };
    case 403:
      // a reload (the access may have changed) or the way home: on a route error "the user may reload or return home" (ADR 0082)
      return { status: code, message: { ns: 'errors', key: '403' }, actions: ['reload', 'home'] };
    default:
      return { status: code, message: { ns: 'common', key: 'errorPage.generic' }, actions: ['reload', 'home'] };
  }
};
