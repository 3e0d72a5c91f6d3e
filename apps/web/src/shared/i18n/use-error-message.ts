import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type en from '../../locales/en/errors.json';
import { errorMessage, type ErrorMessageOptions } from '../api/error-message';

type ErrorKey = keyof typeof en;

/** errorMessage (000 §8) bound to the current language's errors namespace. */
export const useErrorMessage = (): ((error: unknown, options?: ErrorMessageOptions) => string) => {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (error: unknown, options?: ErrorMessageOptions) =>
      errorMessage(
        error,
        {
          language: i18n.language,
          has: (key) => i18n.exists(key, { ns: 'errors' }),
          // errorMessage only asks for keys that exist (checked through `has`) or status keys.
          t: (key) => t(key as ErrorKey),
        },
        options,
      ),
    [t, i18n],
  );
};
