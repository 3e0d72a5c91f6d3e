import { Box, Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES, type Locale } from '@portal/kernel';
import { GlobeIcon } from '../ui/icons';
import { hasAccessToken } from '../session/token-store';
import { changeLocale, currentLocale, forcedLocale } from './i18n';

/** An explicit choice: cookie, screen, and for a signed-in user the profile's lang (issue 3). */
export const chooseLocale = async (locale: Locale): Promise<void> => {
  await changeLocale(locale);
  if (!hasAccessToken()) return;
  // The profile call needs the contracts chunk; it is not part of the first bundle.
  const { syncLocaleChoice } = await import('../session/profile-lang');
  await syncLocaleChoice(locale);
};

/**
 * Language dropdown (000 §2.10): the choice is stored in the i18n_lang cookie and sets
 * <html lang>. Hidden on the Spanish domain, which forces es (000 §4.11).
 */
export function LanguagePicker() {
  const { t } = useTranslation('common');
  const current = currentLocale();
  const currentName = t(`languages.${current}`);
  if (forcedLocale()) return null;

  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-md"
          leftSection={<GlobeIcon />}
          data-testid="language-picker"
          aria-label={t('languagePicker.change', { language: currentName })}
        >
          {/* a phone shows the language's code ("PT"), a wider screen its name; the accessible name is the whole (issue 26) */}
          <Box component="span" visibleFrom="xs">
            {currentName}
          </Box>
          <Box component="span" hiddenFrom="xs" aria-hidden>
            {current.slice(0, 2).toUpperCase()}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('languagePicker.label')}</Menu.Label>
        <Menu.RadioGroup
          value={current}
          onChange={(value) => {
            if (isLocale(value)) void chooseLocale(value);
          }}
        >
          {LOCALES.map((locale) => (
            <Menu.RadioItem key={locale} value={locale} lang={locale} closeMenuOnClick data-testid={`lang-${locale}`}>
              {t(`languages.${locale}`)}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
