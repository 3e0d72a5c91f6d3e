import { useEffect } from 'react';
import { Anchor, Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rememberEventPosition } from '../../../shared/api/event-position';
import { onShellEvent } from '../../../shared/ui/shell/shell-store';
import { asLocale } from '../../../shared/ui/shell/localized';
import { invalidateAskExpert, myQuestionsQueryOptions, useExpertMe } from '../api/ask-expert';
import { ASK_EXPERT_PATHS } from '../model/ask-expert';

/**
 * The learner hears of an answer while the portal is open (ADR 0072): the realtime stream's
 * `expert.answered` shows a notification with a link to the answer and refreshes the menu's count;
 * `expert.queue` refreshes an expert's queue.
 */
export function ExpertAnswerNotices() {
  const { t } = useTranslation('ask-expert');
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      onShellEvent((event) => {
        if (event.type !== 'expert.answered' && event.type !== 'expert.queue') return;
        rememberEventPosition(event.position || null);
        void invalidateAskExpert(client);
        if (event.type === 'expert.answered') {
          const id = `expert-answer-${event.questionId}`;
          // the toasts render outside the router (app.tsx): a plain link that navigates through this component
          notifications.show({
            id,
            color: 'teal',
            autoClose: 30_000,
            title: t('notice.title'),
            message: (
              <Anchor
                href={ASK_EXPERT_PATHS.ask}
                onClick={(e) => {
                  e.preventDefault();
                  notifications.hide(id);
                  navigate(ASK_EXPERT_PATHS.ask);
                }}
                data-testid="expert-answer-notice"
              >
                {t('notice.message', { title: event.title })}
              </Anchor>
            ),
          });
        }
      }),
    [client, t, navigate],
  );
  return null;
}

/** The notifications sidebar's answers not seen yet (a slot of the sidebar); opening one goes to the learner's questions. */
export function ExpertAnswersInSidebar({ onNavigate }: { onNavigate: () => void }) {
  const { t, i18n } = useTranslation('ask-expert');
  const navigate = useNavigate();
  const me = useExpertMe();
  const unseen = me.data?.unseenAnswers ?? 0;
  const mine = useQuery({ ...myQuestionsQueryOptions(asLocale(i18n.language)), enabled: unseen > 0 });
  const items = (mine.data?.items ?? []).filter((q) => q.unseen);
  if (unseen === 0 || items.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" data-testid="notifications-expert-answers">
      <Text fw={600} size="sm">
        {t('notice.sidebarTitle')}
      </Text>
      {items.map((q) => (
        <Box key={q.questionId}>
          <UnstyledButton
            w="100%"
            p="sm"
            style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-teal-3)' }}
            onClick={() => {
              onNavigate();
              navigate(ASK_EXPERT_PATHS.ask);
            }}
            data-testid={`notification-expert-${q.questionId}`}
          >
            <Text fw={600} lineClamp={2}>
              {q.title}
            </Text>
            <Text size="sm" c="dimmed">
              {t('notice.answeredBy', { name: q.answeredByName ?? '' })}
            </Text>
          </UnstyledButton>
        </Box>
      ))}
    </Stack>
  );
}
