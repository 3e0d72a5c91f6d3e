import { useState } from 'react';
import { Alert, Group, Pagination, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { requireSession } from '../../../shared/session/guards';
import { useAuthClaims } from '../../../shared/session/use-session';
import { PageShell } from '../../../shared/ui/page-shell';
import { asLocale } from '../../../shared/ui/shell/localized';
import { expertMeQueryOptions, expertQueueQueryOptions, expertThemesQueryOptions, QUEUE_PAGE_SIZE } from '../api/ask-expert';
import { AnswerBox } from '../components/answer-box';
import { QuestionCard } from '../components/question-card';
import { canAsk, isExpert } from '../model/access';

type Status = 'open' | 'answered' | 'all';

/** /ask-expert/queue: the questions of the expert's themes, unanswered first, each with its answer form. */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await requireSession(new URL(request.url));
  if (!canAsk(user)) throw data(null, { status: 403 });
  const [me] = await Promise.all([queryClient.fetchQuery(expertMeQueryOptions()), loadNamespaces('ask-expert')]);
  if (!isExpert(me)) throw data(null, { status: 403 });
  return null;
}

export const handle = { layout: 'default' };

export function Component() {
  const { t, i18n } = useTranslation('ask-expert');
  const lang = asLocale(i18n.language);
  const toMessage = useErrorMessage();
  const claims = useAuthClaims();
  const me = useQuery(expertMeQueryOptions());
  const themes = useQuery(expertThemesQueryOptions(lang));
  const [themeId, setThemeId] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('open');
  const [page, setPage] = useState(1);
  const queue = useQuery(expertQueueQueryOptions({ lang, status, themeId: themeId ?? undefined, limit: QUEUE_PAGE_SIZE, offset: (page - 1) * QUEUE_PAGE_SIZE }));
  const total = queue.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE));
  const myThemes = (me.data?.themeIds ?? []).map((id) => ({ value: id, label: themes.data?.find((th) => th.value === id)?.label ?? id }));

  return (
    <PageShell size="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} c="brand" data-testid="expert-queue-title">
            {t('queue.title')}
          </Title>
          <Text c="dimmed">{t('queue.intro', { count: me.data?.openInQueue ?? 0 })}</Text>
        </Stack>
        <Group gap="md" align="flex-end">
          <Select
            label={t('fields.themeId')}
            placeholder={t('queue.allThemes')}
            data={myThemes}
            value={themeId}
            onChange={(v) => {
              setThemeId(v);
              setPage(1);
            }}
            clearable
            data-testid="queue-theme"
          />
          <SegmentedControl
            value={status}
            onChange={(v) => {
              setStatus(v as Status);
              setPage(1);
            }}
            data={(['open', 'answered', 'all'] as const).map((s) => ({ value: s, label: t(`queue.filter.${s}`) }))}
            data-testid="queue-status"
          />
        </Group>
        {queue.isError && (
          <Alert color="red" role="alert">
            {toMessage(queue.error)}
          </Alert>
        )}
        {queue.isSuccess && queue.data.items.length === 0 && (
          <Text c="dimmed" data-testid="queue-empty">
            {t('queue.empty')}
          </Text>
        )}
        <Stack gap="sm" data-testid="expert-queue">
          {(queue.data?.items ?? []).map((q) => (
            <QuestionCard key={q.questionId} question={q} showPhone actions={q.status === 'open' ? <AnswerBox question={q} myUserId={claims?.userId ?? null} /> : null} />
          ))}
        </Stack>
        {pages > 1 && (
          <Group justify="center">
            <Pagination value={page} onChange={setPage} total={pages} getControlProps={(control) => ({ 'aria-label': t(`queue.page.${control}`) })} />
          </Group>
        )}
      </Stack>
    </PageShell>
  );
}
