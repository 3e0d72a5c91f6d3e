import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useAddAttendee } from '../api/attendance';

/**
 * tc_admin adds an attendee by e-mail (ADR 0062): the person with an account or a
 * pre-registration holding that address gets a seat while vacancies last, else a place in line;
 * someone already on the list is left as they are.
 */
export function AddAttendeeForm({ eventId }: { eventId: string }) {
  const { t } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const add = useAddAttendee();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const answer = add.data?.attendance;
  return (
    <Paper withBorder radius="md" p="md" data-testid="add-attendee">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('addAttendee.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('addAttendee.hint')}
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const address = email.trim();
            if (!address) return;
            add.mutate({ eventId, email: address }, { onSuccess: () => (setDone(address), setEmail('')) });
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput type="email" label={t('addAttendee.email')} value={email} onChange={(e) => setEmail(e.currentTarget.value)} style={{ flex: 1 }} required data-testid="add-attendee-email" />
            <Button type="submit" loading={add.isPending} data-testid="add-attendee-submit">
              {t('addAttendee.add')}
            </Button>
          </Group>
        </form>
        {add.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="add-attendee-error">
            {toMessage(add.error)}
          </Alert>
        )}
        {add.isSuccess && answer && done && (
          <Alert color="teal" variant="light" role="status" data-testid="add-attendee-done" data-status={answer.status}>
            {answer.status === 'waitlisted' ? t('addAttendee.waitlisted', { email: done, position: answer.position ?? 0 }) : t('addAttendee.enrolled', { email: done })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
