import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import type { StationSummary } from '@portal/learning/contracts/http';
import { queryClient } from '../../../shared/api/query-client';
import { journeyHomeQueryOptions, useJourneyHome } from '../api/catalogue';
import { StationCard } from '../components/cards';
import { LearningShell } from '../components/learning-shell';
import { useLocale } from '../components/use-locale';
import { learningPaths } from '../model/learning-paths';
import { requireLearner, useScormTest } from './route-helpers';
import { usePageHead } from '../../../shared/ui/page-head';

/** /journey: trails, competence and library (000 §2.6: sorted by listing order, empty groups hidden), and ctb_cast for Brazil. */
export async function loader({ url }: LoaderFunctionArgs): Promise<null> {
  await requireLearner(url);
  await queryClient.ensureQueryData(journeyHomeQueryOptions());
  return null;
}

const GROUPS = ['trails', 'competence', 'library'] as const;

export function Component() {
  const { t } = useTranslation('learning');
  const locale = useLocale();
  const { data } = useJourneyHome();
  usePageHead({ title: t('journey.title'), description: t('journey.subtitle') });
  const courses = useScormTest();
  const byOrder = (items: StationSummary[]) => [...items].sort((a, b) => a.listingOrder - b.listingOrder);
  const groups = GROUPS.map((group) => ({ group, items: byOrder(data[group]) })).filter((g) => g.items.length > 0);

  return (
    <LearningShell courses={courses}>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1} c="brand" data-testid="journey-title">
              {t('journey.title')}
            </Title>
            <Text c="dimmed">{t('journey.subtitle')}</Text>
          </Stack>
          <Button component={Link} to={learningPaths.myTraining()} variant="light" data-testid="journey-my-training">
            {t('journey.myTraining')}
          </Button>
        </Group>
        {groups.length === 0 && !data.ctbCast && <Text c="dimmed">{t('journey.empty')}</Text>}
        {groups.map(({ group, items }) => (
          <Stack key={group} gap="sm" component="section" aria-labelledby={`journey-${group}`} data-testid={`journey-group-${group}`}>
            <Title order={2} size="h3" id={`journey-${group}`}>
              {t(`journey.groups.${group}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {items.map((item) => (
                <StationCard key={item.stationId} station={item} locale={locale} />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
        {data.ctbCast && (
          <Stack gap="sm" component="section" aria-labelledby="journey-ctb-cast">
            <Title order={2} size="h3" id="journey-ctb-cast">
              {t('journey.groups.cast')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <StationCard station={data.ctbCast} locale={locale} />
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </LearningShell>
  );
}
