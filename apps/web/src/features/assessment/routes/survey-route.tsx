import { useState } from 'react';
import { Anchor, Button, Loader, NativeSelect, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, Link, redirect, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { bootstrapSession } from '../../../shared/session/refresh';
import { getAuthClaims, hasAccessToken } from '../../../shared/session/token-store';
import { queryClient } from '../../../shared/api/query-client';
import { PageShell } from '../../../shared/ui/page-shell';
import { asLocale, pickText } from '../../../shared/ui/shell/localized';
import { surveyQueryOptions, surveysQueryOptions, useAnswerSurvey, useSurvey, useSurveys, type SurveyView } from '../api/surveys';
import { QuestionOptions } from '../components/question-view';
import { assessmentPaths } from '../model/assessment-paths';
import { percentOf, secondsToAnswer } from '../model/score-format';
import { loadAssessmentStrings } from './route-helpers';
import { Notice } from '../components/notice';
import { usePageHead } from '../../../shared/ui/page-head';

const COUNTRY = /^[A-Za-z]{2}$/;
const SURVEY_PATH = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/**
 * /public/survey/:country?/:detail? for guests (x-guest-id) and signed-in users: without a
 * country, a signed-in user goes to their own country's list and a guest picks one; with a
 * country, its surveys; with a survey path, the survey one question at a time.
 */
export async function loader({ params }: LoaderFunctionArgs): Promise<null> {
  const { country, detail } = params;
  if (country !== undefined && !COUNTRY.test(country)) throw data(null, { status: 404 });
  if (detail !== undefined && !SURVEY_PATH.test(detail)) throw data(null, { status: 404 });
  await Promise.all([loadAssessmentStrings(), bootstrapSession()]);
  const own = getAuthClaims()?.country;
  if (!country && own && COUNTRY.test(own)) throw redirect(assessmentPaths.survey(own));
  // started with the screen's code, not awaited (the screen shows its loader meanwhile); on the
  // server the document waits for them (ADR 0090). A survey carries the caller's answers, and a
  // guest's are known by the browser's guest id only: the browser reads a guest's survey.
  if (country && detail && hasAccessToken()) void queryClient.prefetchQuery(surveyQueryOptions(country.toUpperCase(), detail));
  else if (country && !detail) void queryClient.prefetchQuery(surveysQueryOptions(country.toUpperCase()));
  return null;
}

/**
 * A public page like the content pages: the public header (brand, sign-in, language picker) and
 * footer around it, not the bare frame /public/* paths get by default (issue 13).
 */
export const handle = { layout: 'public' };

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

function CountryPicker() {
  const { t } = useTranslation('assessment');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const countries = Object.entries(tc('countries', { returnObjects: true }) as unknown as Record<string, string>);
  const [country, setCountry] = useState(countries[0]?.[0] ?? 'BR');
  return (
    <Stack gap="sm" data-testid="survey-country-picker">
      <NativeSelect label={t('survey.country')} value={country} onChange={(event) => setCountry(event.currentTarget.value)} data={countries.map(([code, name]) => ({ value: code, label: name }))} />
      <div>
        <Button onClick={() => navigate(assessmentPaths.survey(country))} data-testid="survey-country-go">
          {t('survey.continue')}
        </Button>
      </div>
    </Stack>
  );
}

function SurveyList({ country }: { country: string }) {
  const { t, i18n } = useTranslation('assessment');
  const locale = asLocale(i18n.language);
  const { data: surveys, isPending, isError } = useSurveys(country);
  if (isPending) return <Loader size="sm" aria-label={t('survey.loading')} />;
  if (isError || surveys.length === 0) {
    return (
      <Text c="gray.7" data-testid="survey-list-empty">
        {t('survey.none')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="survey-list">
      {surveys.map((survey) => (
        <Paper key={survey.surveyId} withBorder radius="md" p="md">
          <Anchor component={Link} to={assessmentPaths.survey(survey.country, survey.surveyPath)} fw={600} data-testid={`survey-link-${survey.surveyPath}`}>
            {pickText(survey.title, locale)}
          </Anchor>
          {pickText(survey.description, locale) && (
            <Text size="sm" c="gray.7">
              {pickText(survey.description, locale)}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function SurveyQuestions({ survey, country }: { survey: SurveyView; country: string }) {
  const { t } = useTranslation('assessment');
  const question = survey.questions.find((q) => q.questionId === survey.nextQuestionId) ?? null;
  if (survey.completed || !question) {
    return (
      <Notice tone="green" role="status" data-testid="survey-done">
        {t('survey.thanks')}
      </Notice>
    );
  }
  // keyed by question: the next question starts with no choice and its own clock from its first
  // render on, with no effect to reset them afterwards
  return <SurveyQuestion key={question.questionId} survey={survey} question={question} country={country} />;
}

function SurveyQuestion({ survey, question, country }: { survey: SurveyView; question: SurveyView['questions'][number]; country: string }) {
  const { t, i18n } = useTranslation('assessment');
  const locale = asLocale(i18n.language);
  const answer = useAnswerSurvey(country, survey.surveyPath);
  const [chosen, setChosen] = useState<string | null>(null);
  const [startedAt] = useState(now);
  const answered = survey.answers.length;
  const total = survey.questions.length;
  const send = () => {
    if (!chosen || answer.isPending) return;
    answer.mutate({ country, surveyPath: survey.surveyPath, questionId: question.questionId, answerId: chosen, secondsToAnswer: secondsToAnswer(startedAt, now()) });
  };
  return (
    <Stack gap="md" data-testid="survey-question" data-question-id={question.questionId}>
      <Progress value={percentOf(answered, total)} size={3} aria-label={t('survey.progress', { answered, total })} />
      <Text size="sm" c="gray.7">
        {t('survey.progress', { answered, total })}
      </Text>
      <QuestionOptions question={question} locale={locale} chosen={chosen ?? undefined} disabled={answer.isPending} onChoose={setChosen} correctAnswerIds={null} testId="survey-options" />
      <div>
        <Button onClick={send} disabled={!chosen || answer.isPending} loading={answer.isPending} data-testid="survey-submit">
          {t('survey.submit')}
        </Button>
      </div>
    </Stack>
  );
}

function Survey({ country, surveyPath }: { country: string; surveyPath: string }) {
  const { t, i18n } = useTranslation('assessment');
  const locale = asLocale(i18n.language);
  const { data: survey, isPending, isError } = useSurvey(country, surveyPath);
  usePageHead(survey ? { title: pickText(survey.title, locale), description: pickText(survey.description, locale) || undefined } : null);
  if (isPending) return <Loader size="sm" aria-label={t('survey.loading')} />;
  if (isError) {
    return (
      <Text c="gray.7" data-testid="survey-not-found">
        {t('survey.notFound')}
      </Text>
    );
  }
  return (
    <Stack gap="lg" data-testid="survey" data-survey-id={survey.surveyId}>
      <Stack gap={4}>
        <Title order={1} c="brand">
          {pickText(survey.title, locale)}
        </Title>
        {pickText(survey.description, locale) && <Text c="gray.7">{pickText(survey.description, locale)}</Text>}
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <SurveyQuestions survey={survey} country={country} />
      </Paper>
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation('assessment');
  const { country, detail } = useParams();
  const code = country?.toUpperCase();
  // a survey's own screen names itself (Survey)
  usePageHead(code && detail ? null : { title: t('survey.title') });
  return (
    <PageShell size="md">
      {code && detail ? (
        <Survey country={code} surveyPath={detail} />
      ) : (
        <Stack gap="lg">
          <Title order={1} c="brand">
            {t('survey.title')}
          </Title>
          {code ? <SurveyList country={code} /> : <CountryPicker />}
        </Stack>
      )}
    </PageShell>
  );
}
