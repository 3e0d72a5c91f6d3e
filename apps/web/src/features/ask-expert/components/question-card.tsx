import type { ReactNode } from 'react';
import { Badge, Blockquote, Group, Paper, Stack, Text } from '@mantine/core';
import type { ExpertQuestionView } from '@portal/engagement/contracts/http';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR = { open: 'yellow', answered: 'teal', withdrawn: 'gray' } as const;

/** One question with its theme, state and, once answered, the answer with who answered and when. */
export function QuestionCard({ question: q, unseen = false, showPhone = false, actions }: { question: ExpertQuestionView; unseen?: boolean; showPhone?: boolean; actions?: ReactNode }) {
  const { t, i18n } = useTranslation('ask-expert');
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper withBorder p="md" radius="md" data-testid={`question-${q.questionId}`} data-status={q.status}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{q.title}</Text>
            <Text size="sm" c="dimmed">
              {t('card.themeLine', { theme: q.theme, subTheme: q.subTheme })} · {when(q.askedAt)}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            {unseen && (
              <Badge color="red" variant="filled" data-testid="question-new-answer">
                {t('card.newAnswer')}
              </Badge>
            )}
            <Badge color={STATUS_COLOR[q.status]} variant="light">
              {t(`status.${q.status}`)}
            </Badge>
          </Group>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{q.question}</Text>
        {showPhone && (
          <Text size="sm">
            {t('fields.phone')}: {q.phone}
          </Text>
        )}
        {q.status === 'open' && q.claimedByName && (
          <Text size="sm" c="dimmed" data-testid="question-claimed">
            {t('card.claimedBy', { name: q.claimedByName })}
          </Text>
        )}
        {q.status === 'answered' && q.response && (
          <Blockquote color="teal" p="sm" data-testid="question-response">
            <Text style={{ whiteSpace: 'pre-wrap' }}>{q.response}</Text>
            <Text size="sm" c="dimmed" mt="xs">
              {t('card.answeredBy', { name: q.answeredByName ?? '', when: q.answeredAt ? when(q.answeredAt) : '' })}
            </Text>
          </Blockquote>
        )}
        {actions}
      </Stack>
    </Paper>
  );
}
