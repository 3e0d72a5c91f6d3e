import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, type ContainerProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from '../i18n/language-picker';
import { paths } from '../routing/paths';

interface PageShellProps {
  children: ReactNode;
  /** Extra header content before the language picker (for example a sign-out link). */
  headerActions?: ReactNode;
  size?: ContainerProps['size'];
}

/** Header with the brand link and the language dropdown on top (compact layout, 000 §2.3). */
export function PageShell({ children, headerActions, size = 'sm' }: PageShellProps) {
  const { t } = useTranslation('common');
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={paths.start} fw={700} c="brand" underline="never">
              {t('app.name')}
            </Anchor>
            <Group gap="xs" wrap="nowrap">
              {headerActions}
              <LanguagePicker />
            </Group>
          </Group>
        </Container>
      </Box>
      <Container component="main" id="main" size={size} py="xl">
        {children}
      </Container>
    </Box>
  );
}
