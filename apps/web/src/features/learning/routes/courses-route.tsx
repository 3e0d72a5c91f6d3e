import { Alert, Anchor, Breadcrumbs, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { useSignedIn } from '../../../shared/session/use-session';
import { scormsQueryOptions, useScorms } from '../api/scorm';
import { LangBanner, LockNotice, StatusBadge, Thumb } from '../components/learning-ui';
import { LearningShell } from '../components/learning-shell';
import { useLocale } from '../components/use-locale';
import { learningPaths } from '../model/learning-paths';
import { chooseSource, pickText } from '../model/localized';
import { ScormPlayer } from '../players/scorm-player';
import { requireLearner, scormTestEnabled } from './route-helpers';

type ScormItem = ReturnType<typeof useScorms>['data'][number];

/** The status tag of a course from its SCORM progress. */
const courseStatus = (course: ScormItem) =>
  course.lock.locked ? 'disabled' : course.progress.completed ? 'completed' : course.progress.status && course.progress.status !== 'not attempted' ? 'started' : 'initial';

/** /courses/:id?: the SCORM courses (000 §2.1), behind the scormTest toggle (000 §2.5, §6; ?toggleScormTest=true). */
export async function loader({ url }: LoaderFunctionArgs): Promise<null> {
  await requireLearner(url);
  if (!scormTestEnabled(url.search)) throw data(null, { status: 404 });
  await queryClient.ensureQueryData(scormsQueryOptions());
  return null;
}

function CourseList({ courses }: { courses: ScormItem[] }) {
  const { t } = useTranslation('learning');
  const locale = useLocale();
  if (courses.length === 0) return <Text c="dimmed">{t('courses.empty')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      {courses.map((course) => (
        <Card key={course.scormId} withBorder radius="md" padding="sm" component={Link} to={learningPaths.courses(course.scormId)} data-testid={`course-card-${course.scormId}`}>
          <Card.Section>
            <Thumb src={course.thumbSrc} />
          </Card.Section>
          <Stack gap={6} mt="sm">
            <Text fw={600}>{pickText(course.title, locale)}</Text>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {t('courses.version', { version: course.version })}
              </Text>
              <StatusBadge status={courseStatus(course)} />
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Course({ course }: { course: ScormItem }) {
  const { t } = useTranslation('learning');
  const locale = useLocale();
  const signedIn = useSignedIn();
  const source = chooseSource({ src: course.launchUrl, languages: course.languages }, locale);
  const title = pickText(course.title, locale);
  return (
    <Stack gap="md" data-testid="course-page" data-scorm-id={course.scormId}>
      <Breadcrumbs separator="›">
        <Anchor component={Link} to={learningPaths.courses()} size="sm">
          {t('courses.title')}
        </Anchor>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start">
        <Title order={1} c="brand">
          {title}
        </Title>
        <StatusBadge status={courseStatus(course)} testId="course-status" />
      </Group>
      {course.description && <Text c="dimmed">{pickText(course.description, locale)}</Text>}
      {course.lock.locked ? (
        <LockNotice lock={course.lock} />
      ) : source.src ? (
        <>
          {!source.inCurrentLanguage && <LangBanner locale={locale} />}
          <ScormPlayer key={course.scormId} scormId={course.scormId} version={course.version} launchUrl={source.src} title={title} lang={source.lang ?? locale} signedIn={signedIn} />
        </>
      ) : (
        <Alert color="gray" variant="light">
          {t('player.unavailable')}
        </Alert>
      )}
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation('learning');
  const { id } = useParams();
  const { data: courses } = useScorms();
  const course = id ? courses.find((c) => c.scormId === id) : undefined;
  return (
    <LearningShell courses>
      {id ? (
        course ? (
          <Course course={course} />
        ) : (
          <Alert color="gray" variant="light" data-testid="course-not-found">
            {t('courses.notFound')}
          </Alert>
        )
      ) : (
        <Stack gap="lg">
          <Title order={1} c="brand" data-testid="courses-title">
            {t('courses.title')}
          </Title>
          <CourseList courses={courses} />
        </Stack>
      )}
    </LearningShell>
  );
}
