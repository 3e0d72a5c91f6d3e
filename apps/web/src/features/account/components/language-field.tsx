import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES } from '@portal/kernel';
import { currentLocale, forcedLocale } from '../../../shared/i18n/i18n';
import { chooseLocale } from '../../../shared/i18n/language-picker';

/** The profile's language: applied at once, remembered in the cookie and saved to the profile. */
export function LanguageField() {
  const { t } = useTranslation(['account', 'common']);
  if (forcedLocale()) return null;
  return (
    <NativeSelect
      label={t('profile.fields.lang')}
      description={t('profile.langDescription')}
      value={currentLocale()}
      data={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`, { ns: 'common' }) }))}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLocale(value)) void chooseLocale(value);
      }}
      data-testid="profile-lang"
    />
  );
}
