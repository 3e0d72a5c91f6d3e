import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type en from '../../locales/en/errors.json';
import { errorMessage, type ErrorMessageOptions } from '../api/error-message';

type ErrorKey = keyof typeof en;

/** errorMessage (000 §8) bound to the current language's errors namespace. */
export const useErrorMessage = (): ((error: unknown, options?: ErrorMessageOptions) => string) => {
  const { t, i18n } = useTranslation('errors');
  // Plural keys (too-many-requests-wait_one/_other) are looked up by their base name.
  const translate = t as unknown as (key: string, options: { count?: number }) => string;
  return useCallback(
    (error: unknown, options?: ErrorMessageOptions) =>
      errorMessage(
        error,
        {
          language: i18n.language,
          has: (key, extra) => i18n.exists(key, { ns: 'errors', ...extra }),
          // errorMessage only asks for keys that exist (checked through `has`) or status keys.
          t: (key, extra) => (extra ? translate(key, extra) : t(key as ErrorKey)),
        },
        options,
      ),
    [t, translate, i18n],
  );
};
