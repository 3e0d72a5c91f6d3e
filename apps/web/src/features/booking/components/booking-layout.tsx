import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from '../../../shared/i18n/language-picker';
import { BOOKING_HOME } from './booking-paths';

/** The brand mark: a sprouting leaf in the brand colour (decorative). */
function Logo() {
  return (
    <svg width={36} height={36} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#10384F" />
      <path d="M24 37V22" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M24 26c-7 0-11-5-11-12 7 0 11 5 11 12Z" fill="#8ce99a" />
      <path d="M24 22c0-6 4-10 11-10 0 6-4 10-11 10Z" fill="#51cf66" />
    </svg>
  );
}

/** The public booking layout (000 §2.3, 001 §2): logo header, the page, language dropdown at the bottom. */
export function BookingLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('booking');
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="md" py="sm">
          <Anchor component={Link} to={BOOKING_HOME} underline="never" data-testid="booking-logo">
            <Group gap="sm" wrap="nowrap">
              <Logo />
              <Stack gap={0}>
                <Text fw={700} c="brand" lh={1.2}>
                  {t('layout.brand')}
                </Text>
                <Text size="sm" c="dimmed" lh={1.2}>
                  {t('layout.tagline')}
                </Text>
              </Stack>
            </Group>
          </Anchor>
        </Container>
      </Box>
      <Container component="main" id="main" size="md" py="xl" w="100%" style={{ flex: 1 }}>
        {children}
      </Container>
      <Box component="footer" bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="md" py="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" maw={520}>
              {t('layout.footer')}
            </Text>
            <LanguagePicker />
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
