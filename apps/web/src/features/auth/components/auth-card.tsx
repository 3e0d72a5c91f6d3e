import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { PageShell } from '../../../shared/ui/page-shell';

/** Centered card of the auth screens, under the compact header with the language dropdown. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <PageShell size={480}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="xs" mb="lg">
          <Title order={1} size="h2" c="brand">
            {title}
          </Title>
          <Text c="dimmed">{subtitle}</Text>
        </Stack>
        {children}
      </Paper>
    </PageShell>
  );
}
