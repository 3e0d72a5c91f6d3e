import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { serverScope } from '../ssr/scope';
import { isApiError } from './api-error';

/**
 * Queries may retry twice, and only failures that can heal by themselves: the network
 * (status 0) and 5xx answers. A 4xx answer is final. The HTTP client itself never retries.
 */
export const shouldRetryQuery = (failureCount: number, error: unknown): boolean => {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  return error.statusCode === 0 || error.statusCode >= 500;
};

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | undefined;

/** The app shell registers what a 401 means (clear the session, go to sign-in). */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler | undefined): void => {
  unauthorizedHandler = handler;
};

const onError = (error: unknown): void => {
  if (isApiError(error) && error.statusCode === 401) unauthorizedHandler?.();
};

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    queryCache: new QueryCache({ onError }),
    // Mutations: a 401 from a command also ends the session, but sign-in's own 401
    // (invalid-credential) does not; those mutations opt out with meta.ignoreUnauthorized.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.['ignoreUnauthorized'] === true) return;
        onError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        staleTime: 30_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });

const pageClient = createQueryClient();

/**
 * The one client of the app; route loaders prefetch into it with the same query options. While
 * the server renders a document, the request's own client (ADR 0090): one per request, so no
 * learner's answers reach another's document.
 */
export const queryClient: QueryClient = new Proxy(pageClient, {
  get(target, property) {
    const client = serverScope()?.queryClient ?? target;
    const value: unknown = Reflect.get(client, property, client);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(client) : value;
  },
});
