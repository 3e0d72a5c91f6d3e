import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Paper, Progress, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, Link, useParams, type LoaderFunctionArgs } from 'react-router';
import type { QuizResult, QuizToTake } from '@portal/events/contracts/http';
import { queryClient } from '../../../shared/api/query-client';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { currentLocale } from '../../../shared/i18n/i18n';
import { PageShell } from '../../../shared/ui/page-shell';
import { asLocale } from '../../../shared/ui/shell/localized';
import { quizToTakeQueryOptions, useAnswerQuiz, useQuizToTake } from '../api/quizzes';
import { eventPaths, isEntityId } from '../model/paths';
import { answeredCount, choose, OPEN_ANSWER_MAX, toAnswerBody, unanswered, writeText, type Answers } from '../model/quiz-answers';
import { quizWindowState } from '../model/quiz-answers';
import { formatInstant } from '../model/format';
import { requireEventsUser } from './guards';

/**
 * Answering an event's quiz on a phone (ADR 0061: /scheduled-events/published/:id/quiz/:quizId):
 * the questions of my language, one card each, big touch targets; sent once, inside the window,
 * after checking in (the API says which when not).
 */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<null> {
  if (!isEntityId(params.id) || !isEntityId(params.quizId)) throw data(null, { status: 404 });
  await requireEventsUser(request, 'attendee');
  await queryClient.ensureQueryData(quizToTakeQueryOptions(params.id, params.quizId, currentLocale()));
  return null;
}

function Result({ quiz, result }: { quiz: QuizToTake; result: QuizResult }) {
  const { t } = useTranslation('scheduledEvents');
  return (
    <Paper withBorder radius="md" p="xl" data-testid="quiz-result" data-score={result.score} data-max={result.maxScore}>
      <Stack align="center" ta="center" gap="sm">
        <Title order={2} c="teal">
          {t('take.thanks')}
        </Title>
        <Text size="xl" fw={700}>
          {t('take.score', { score: result.score, max: result.maxScore })}
        </Text>
        {result.pendingOpen > 0 && <Text c="dimmed">{t('take.pending', { count: result.pendingOpen })}</Text>}
        <Button component={Link} to={eventPaths.published(quiz.eventId)} variant="light">
          {t('take.back')}
        </Button>
      </Stack>
    </Paper>
  );
}

function Questions({ quiz, answer }: { quiz: QuizToTake; answer: ReturnType<typeof useAnswerQuiz> }) {
  const { t, i18n } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const [answers, setAnswers] = useState<Answers>({});
  const [tried, setTried] = useState(false);
  const missing = new Set(unanswered(quiz, answers));
  const done = answeredCount(quiz, answers);

  const submit = () => {
    setTried(true);
    if (missing.size > 0) return;
    answer.mutate({ eventId: quiz.eventId, quizId: quiz.quizId, body: toAnswerBody(quiz, answers, asLocale(i18n.language)) });
  };

  return (
    <Stack gap="md">
      <Progress value={quiz.questions.length ? (done / quiz.questions.length) * 100 : 0} aria-label={t('take.progress', { done, total: quiz.questions.length })} />
      <Text size="sm" c="dimmed" data-testid="quiz-progress">
        {t('take.progress', { done, total: quiz.questions.length })}
      </Text>
      {quiz.questions.map((q, i) => {
        const a = answers[q.questionId];
        const error = tried && missing.has(q.questionId) ? t('take.required') : undefined;
        return (
          <Paper key={q.questionId} withBorder radius="md" p="md" data-testid={`take-question-${i}`}>
            <Stack gap="sm">
              <Text fw={600}>
                {i + 1}. {q.description}
              </Text>
              {q.type === 'single' && (
                <Radio.Group value={a?.alternativeIds[0] ?? null} onChange={(id) => setAnswers((s) => choose(s, q, id))} error={error}>
                  <Stack gap="sm">
                    {q.alternatives.map((alt) => (
                      <Radio key={alt.alternativeId} value={alt.alternativeId} size="md" label={`${alt.prefix ? `${alt.prefix}) ` : ''}${alt.description}`} data-testid={`take-alt-${alt.alternativeId}`} />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
              {q.type === 'multiple' && (
                <Stack gap="sm">
                  {q.alternatives.map((alt) => (
                    <Checkbox
                      key={alt.alternativeId}
                      size="md"
                      checked={a?.alternativeIds.includes(alt.alternativeId) ?? false}
                      onChange={() => setAnswers((s) => choose(s, q, alt.alternativeId))}
                      label={`${alt.prefix ? `${alt.prefix}) ` : ''}${alt.description}`}
                      data-testid={`take-alt-${alt.alternativeId}`}
                    />
                  ))}
                  {error && (
                    <Text size="xs" c="red">
                      {error}
                    </Text>
                  )}
                </Stack>
              )}
              {q.type === 'open' && (
                <Textarea
                  autosize
                  minRows={3}
                  maxLength={OPEN_ANSWER_MAX}
                  value={a?.text ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setAnswers((s) => writeText(s, q.questionId, value));
                  }}
                  error={error}
                  aria-label={q.description}
                  data-testid={`take-open-${i}`}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
      {answer.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="quiz-answer-error">
          {toMessage(answer.error)}
        </Alert>
      )}
      {tried && missing.size > 0 && (
        <Text c="red" size="sm" role="alert">
          {t('take.missing', { count: missing.size })}
        </Text>
      )}
      <Button size="lg" fullWidth onClick={submit} loading={answer.isPending} data-testid="quiz-submit">
        {t('take.send')}
      </Button>
    </Stack>
  );
}

export function Component() {
  const { t, i18n } = useTranslation('scheduledEvents');
  const { id = '', quizId = '' } = useParams();
  const { data: quiz } = useQuizToTake(id, quizId, currentLocale());
  // the answer's result stays on screen after the quiz reads as answered
  const answer = useAnswerQuiz();
  if (!quiz) return null;
  const state = quizWindowState(quiz, new Date());
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <PageShell size="xs">
      <Stack gap="md">
        <Anchor component={Link} to={eventPaths.published(quiz.eventId)} size="sm">
          ← {t('take.back')}
        </Anchor>
        <Title order={1} size="h2" c="brand" data-testid="take-title">
          {quiz.title}
        </Title>
        {quiz.description && <Text>{quiz.description}</Text>}
        {answer.data ? (
          <Result quiz={quiz} result={answer.data} />
        ) : quiz.answered ? (
          <Alert color="teal" variant="light" data-testid="quiz-answered">
            {t('take.alreadyAnswered')}
          </Alert>
        ) : state !== 'open' ? (
          <Alert color="yellow" variant="light" data-testid="quiz-not-open">
            {state === 'not-scheduled' ? t('eventQuizzes.notOpen') : t(`published.window.${state}`, { opens: formatInstant(quiz.opensAt, zone, i18n.language), closes: formatInstant(quiz.closesAt, zone, i18n.language) })}
          </Alert>
        ) : (
          <Questions quiz={quiz} answer={answer} />
        )}
      </Stack>
    </PageShell>
  );
}
