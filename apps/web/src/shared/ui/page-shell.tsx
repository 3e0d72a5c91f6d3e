import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, type ContainerProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from '../i18n/language-picker';
import { paths } from '../routing/paths';
import { useInsideLayout } from './layout-context';

interface PageShellProps {
  children: ReactNode;
  /** Extra header content before the language picker (for example a sign-out link). */
  headerActions?: ReactNode;
  size?: ContainerProps['size'];
}

/**
 * A screen's frame. Inside one of the shell's layouts (000 §2.3) the layout draws the header,
 * menus and footer: this only sizes the content, with the screen's own actions in a toolbar
 * above it. On its own (the error page) it is the compact layout: header with the brand link
 * and the language dropdown on top.
 */
export function PageShell({ children, headerActions, size = 'sm' }: PageShellProps) {
  const { t } = useTranslation('common');
  const inside = useInsideLayout();

  if (inside) {
    return (
      <Container size={size} py="lg" w="100%">
        {headerActions && (
          <Group justify="flex-end" gap="xs" mb="md" data-testid="page-toolbar">
            {headerActions}
          </Group>
        )}
        {children}
      </Container>
    );
  }

  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="sm">
          {/* on a phone the actions go under the brand rather than past the screen's edge (issue 26) */}
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={paths.start} fw={700} c="brand" underline="never">
              {t('app.name')}
            </Anchor>
            <Group gap="xs" justify="flex-end">
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
