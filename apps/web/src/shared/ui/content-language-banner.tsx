import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from '@portal/kernel';

/** Whether the banner shows: the content has languages and the current one is not among them. */
export const contentMissingIn = (languages: readonly string[], current: string): boolean => languages.length > 0 && !languages.includes(current);

/**
 * 000 §2.10 / §8 contentLangNotFound: "this content is not available in <current language>",
 * naming the language in the reader's own language.
 */
export function ContentLanguageBanner({ languages }: { languages: readonly Locale[] }) {
  const { t, i18n } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const current = isLocale(i18n.language) ? i18n.language : 'pt-BR';
  if (!contentMissingIn(languages, current)) return null;
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="content-language-banner">
      {t('contentLangNotFound', { localeName: tc(`languages.${current}`) })}
    </Alert>
  );
}
