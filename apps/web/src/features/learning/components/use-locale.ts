import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from '@portal/kernel';

/**
 * The learner's language for the content's localized fields. A file of its own: the home
 * playlists and the other list screens read it without fetching the station page and its
 * players (ADR 0013).
 */
export const useLocale = (): Locale => {
  const { i18n } = useTranslation('learning');
  return isLocale(i18n.language) ? i18n.language : 'pt-BR';
};
