import { useEffect, useRef } from 'react';
import { Alert, Button, Grid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { asLocale } from '../../../shared/ui/shell/localized';
import { expertMeQueryOptions, expertThemesQueryOptions, markAnswersSeen, myQuestionsQueryOptions, useWithdrawQuestion } from '../api/ask-expert';
import { AskExpertForm } from '../components/ask-form';
import { QuestionCard } from '../components/question-card';
import { canAsk } from '../model/access';
import { byWaitingFirst } from '../model/ask-expert';

/** /ask-expert (000 §4.1): the learner's ask form and their questions with the answers. */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await requireSession(new URL(request.url));
  if (!canAsk(user)) throw data(null, { status: 403 });
  const lang = asLocale(new URL(request.url).searchParams.get('lang') ?? undefined);
  await loadNamespaces('ask-expert');
  void queryClient.prefetchQuery(expertThemesQueryOptions(lang));
  return null;
}

export const handle = { layout: 'default' };

export function Component() {
  const { t, i18n } = useTranslation('ask-expert');
  const lang = asLocale(i18n.language);
  const toMessage = useErrorMessage();
  const client = useQueryClient();
  const themes = useQuery(expertThemesQueryOptions(lang));
  const mine = useQuery(myQuestionsQueryOptions(lang));
  const withdraw = useWithdrawQuestion();
  const marked = useRef(false);

  // the answers on screen are seen: the menu's badge and the notifications drop them (the cards keep their "new" mark until the next visit)
  const unseen = mine.data?.unseenAnswers ?? 0;
  useEffect(() => {
    if (unseen === 0 || marked.current) return;
    marked.current = true;
    void markAnswersSeen().then(() => client.invalidateQueries({ queryKey: expertMeQueryOptions().queryKey }), () => undefined);
  }, [unseen, client]);

  const items = byWaitingFirst(mine.data?.items ?? []);
  return (
    <PageShell size="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} c="brand" data-testid="ask-expert-title">
            {t('ask.title')}
          </Title>
          <Text c="dimmed">{t('ask.intro')}</Text>
        </Stack>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              <Title order={2} size="h3">
                {t('ask.formTitle')}
              </Title>
              {themes.isError ? (
                <Alert color="red" role="alert">
                  {toMessage(themes.error)}
                </Alert>
              ) : (
                <AskExpertForm themes={themes.data ?? []} />
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm" data-testid="my-questions">
              <Title order={2} size="h3">
                {t('mine.title')}
              </Title>
              {mine.isError && (
                <Alert color="red" role="alert">
                  {toMessage(mine.error)}
                </Alert>
              )}
              {mine.isSuccess && items.length === 0 && (
                <Text c="dimmed" data-testid="my-questions-empty">
                  {t('mine.empty')}
                </Text>
              )}
              {items.map((q) => (
                <QuestionCard
                  key={q.questionId}
                  question={q}
                  unseen={q.unseen}
                  actions={
                    q.status === 'open' ? (
                      <Button
                        variant="subtle"
                        color="gray"
                        size="xs"
                        style={{ alignSelf: 'flex-start' }}
                        loading={withdraw.isPending && withdraw.variables === q.questionId}
                        onClick={() => withdraw.mutate(q.questionId, { onError: (e) => notifications.show({ color: 'red', message: toMessage(e) }) })}
                        data-testid="question-withdraw"
                      >
                        {t('mine.withdraw')}
                      </Button>
                    ) : null
                  }
                />
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </PageShell>
  );
}
