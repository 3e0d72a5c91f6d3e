import { Box, List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkPassword } from '@portal/kernel';
import { CheckIcon, CrossIcon } from '../../../shared/ui/icons';

const CRITERIA = ['minLength', 'lowercase', 'uppercase', 'digit', 'special'] as const;

/** Live checker of 000 §5: each of the five criteria ok or missing, plus overall validity. */
export function PasswordChecker({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('auth');
  const check = checkPassword(password);

  return (
    <Box id={id} data-testid="password-checker" data-valid={check.valid}>
      <Text size="sm" fw={500} mb={4}>
        {t('passwordChecker.title')}
      </Text>
      <List spacing={4} size="sm" center>
        {CRITERIA.map((criterion) => {
          const ok = check[criterion];
          return (
            <List.Item
              key={criterion}
              data-testid={`password-rule-${criterion}`}
              data-ok={ok}
              c={ok ? 'teal.9' : 'gray.7'}
              icon={
                <ThemeIcon color={ok ? 'teal' : 'gray'} variant={ok ? 'filled' : 'light'} size={18} radius="xl">
                  {ok ? <CheckIcon size={12} /> : <CrossIcon size={12} />}
                </ThemeIcon>
              }
            >
              {t(`passwordChecker.${criterion}`)}
              <VisuallyHidden>{` (${ok ? t('passwordChecker.ok') : t('passwordChecker.missing')})`}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
      <Text size="sm" mt="xs" fw={500} c={check.valid ? 'teal.9' : 'gray.7'} data-testid="password-valid" data-valid={check.valid} aria-live="polite">
        {check.valid ? t('passwordChecker.valid') : t('passwordChecker.invalid')}
      </Text>
    </Box>
  );
}
