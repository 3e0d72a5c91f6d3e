import { Avatar, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserData } from '@portal/identity/contracts/http';

/** The signed-in user's derived display name and initials (000 §3). */
export function UserSummary({ user }: { user: Pick<UserData, 'displayName' | 'initials' | 'email'> }) {
  const { t } = useTranslation('home');
  return (
    <Group gap="md" wrap="nowrap">
      <Avatar color="brand" variant="filled" radius="xl" size="lg" data-testid="home-initials" aria-label={t('avatarLabel', { name: user.displayName })}>
        {user.initials}
      </Avatar>
      <Stack gap={0}>
        <Text fw={600} size="lg" data-testid="home-display-name">
          {user.displayName}
        </Text>
        <Text size="sm" c="dimmed">
          {user.email}
        </Text>
      </Stack>
    </Group>
  );
}
