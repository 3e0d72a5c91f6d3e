import { Alert, Anchor, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { data, Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import type { Quiz } from '@portal/events/contracts/http';
import { queryClient } from '../../../shared/api/query-client';
import { useUserData } from '../../../shared/api/user-data';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { PageShell } from '../../../shared/ui/page-shell';
import { asLocale } from '../../../shared/ui/shell/localized';
import { quizQueryOptions, useQuiz, useSaveQuiz } from '../api/quizzes';
import { EventsNav } from '../components/events-nav';
import { QuizQuestionEditor } from '../components/quiz-question-editor';
import { QuizToEvent } from '../components/quiz-to-event';
import { useIssueMessage } from '../hooks/use-issue-message';
import { isEventsAdmin } from '../model/access';
import { editId, eventPaths } from '../model/paths';
import { emptyQuizForm, maxScoreOf, newQuestion, quizFormValues, toQuizBody, validateQuizForm, type QuizFormValues } from '../model/quiz-form';
import { requireEventsUser } from './guards';

/** The quiz editor (ADR 0061: /scheduled-events/quizzes/:id, "new" for a new one): tc_admin writes, tc_manager reads. */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<null> {
  const target = editId(params.id);
  if (!target) throw data(null, { status: 404 });
  await requireEventsUser(request, target.kind === 'new' ? 'admin' : 'staff');
  if (target.kind === 'edit') await queryClient.ensureQueryData(quizQueryOptions(target.id));
  return null;
}

const PATH_LABELS: [RegExp, string][] = [
  [/\.alternatives\.\d+\.description$/, 'quiz.alternative'],
  [/\.alternatives\.\d+\.prefix$/, 'quiz.prefix'],
  [/\.alternatives\.\d+\.score$/, 'quiz.score'],
  [/\.description$/, 'quiz.questionText'],
  [/\.score$/, 'quiz.openScore'],
  [/^description$/, 'quiz.description'],
  [/^title$/, 'quiz.title'],
];

function QuizEditor({ quiz }: { quiz: Quiz | null }) {
  const { t, i18n } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const issueMessage = useIssueMessage();
  const navigate = useNavigate();
  const { data: user } = useUserData();
  const readOnly = !isEventsAdmin(user);
  const save = useSaveQuiz();
  const labelOf = (path: string): string => t((PATH_LABELS.find(([re]) => re.test(path))?.[1] ?? 'quiz.title') as 'quiz.title');

  const form = useForm<QuizFormValues>({
    initialValues: quiz ? quizFormValues(quiz) : emptyQuizForm(asLocale(i18n.language)),
    validate: (values) => Object.fromEntries(Object.entries(validateQuizForm(values)).map(([path, issue]) => [path, issueMessage(issue, labelOf(path))])),
  });
  const values = form.getValues();

  const submit = form.onSubmit((v) => {
    const body = toQuizBody(v);
    if (!body) {
      form.setErrors({ title: t('validation.invalid', { field: t('quiz.title') }) });
      return;
    }
    save.mutate(
      { quizId: quiz?.quizId ?? null, body },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'teal', message: t('quiz.saved') });
          queryClient.setQueryData(quizQueryOptions(saved.quizId).queryKey, saved);
          if (!quiz) void navigate(eventPaths.quiz(saved.quizId), { replace: true });
          else form.setValues(quizFormValues(saved));
        },
      },
    );
  });

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate data-testid="quiz-form">
        <Stack gap="md">
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {toMessage(save.error)}
            </Alert>
          )}
          <TextInput label={t('quiz.title')} required readOnly={readOnly} data-testid="quiz-title" {...form.getInputProps('title')} />
          <Textarea label={t('quiz.description')} autosize minRows={2} readOnly={readOnly} data-testid="quiz-description" {...form.getInputProps('description')} />
          {typeof form.errors.questions === 'string' && (
            <Text c="red" size="sm" role="alert">
              {form.errors.questions}
            </Text>
          )}
          {values.questions.map((_, i) => (
            <QuizQuestionEditor key={i} form={form} index={i} readOnly={readOnly} onRemove={() => form.removeListItem('questions', i)} />
          ))}
          <Group justify="space-between">
            {!readOnly ? (
              <Button variant="light" onClick={() => form.insertListItem('questions', newQuestion(asLocale(i18n.language)))} data-testid="quiz-add-question">
                {t('quiz.addQuestion')}
              </Button>
            ) : (
              <span />
            )}
            <Text size="sm" c="dimmed" data-testid="quiz-max-score">
              {t('quiz.maxScore', { score: maxScoreOf(values.questions) })}
            </Text>
          </Group>
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} data-testid="quiz-save">
                {quiz ? t('quiz.save') : t('quiz.create')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      {quiz && !readOnly && <QuizToEvent quizId={quiz.quizId} />}
    </Stack>
  );
}

function Existing({ quizId }: { quizId: string }) {
  const { data: quiz } = useQuiz(quizId);
  return quiz ? <QuizEditor key={quiz.quizId} quiz={quiz} /> : null;
}

export function Component() {
  const { t } = useTranslation('scheduledEvents');
  const target = editId(useParams().id);
  return (
    <PageShell size="md">
      <EventsNav title={target?.kind === 'new' ? t('quiz.newTitle') : t('quiz.editTitle')} />
      <Anchor component={Link} to={eventPaths.quizzes} size="sm" mb="sm" display="inline-block">
        ← {t('nav.quizzes')}
      </Anchor>
      {target?.kind === 'edit' ? <Existing quizId={target.id} /> : <QuizEditor quiz={null} />}
    </PageShell>
  );
}
