/**
 * Access token storage. For now the token lives in localStorage (a later change moves the
 * session to a rotating httpOnly refresh cookie); every read goes through here so that swap
 * touches one file.
 */
export const ACCESS_TOKEN_KEY = 'portal.accessToken';

const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); behave as signed out.
    return undefined;
  }
};

export const getAccessToken = (): string | null => {
  const token = storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
  return token && token.length > 0 ? token : null;
};

export const setAccessToken = (token: string): void => {
  storage()?.setItem(ACCESS_TOKEN_KEY, token);
};

export const clearAccessToken = (): void => {
  storage()?.removeItem(ACCESS_TOKEN_KEY);
};

export const hasAccessToken = (): boolean => getAccessToken() !== null;
