import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES } from '@portal/kernel';
import { GlobeIcon } from '../ui/icons';
import { changeLocale, currentLocale } from './i18n';

/** Language dropdown (000 §2.10): the choice is stored in the i18n_lang cookie and sets <html lang>. */
export function LanguagePicker() {
  const { t } = useTranslation('common');
  const current = currentLocale();
  const currentName = t(`languages.${current}`);

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
          {currentName}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('languagePicker.label')}</Menu.Label>
        <Menu.RadioGroup
          value={current}
          onChange={(value) => {
            if (isLocale(value)) void changeLocale(value);
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
