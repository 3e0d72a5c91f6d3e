import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { prefetchForLearner } from '../../../shared/session/guards';
import { trainingQueryOptions, useTraining } from '../api/catalogue';
import { StationCard } from '../components/cards';
import { LearningShell } from '../components/learning-shell';
import { useLocale } from '../components/use-locale';
import { requireLearner, useScormTest } from './route-helpers';
import { usePageHead } from '../../../shared/ui/page-head';

/** The most crop cards a row holds: their pictures load first. */
const TRAINING_ROW = 3;

/** /training: the training area by crop (000 §2.1), each crop with its progress, lock and certificates. */
export async function loader({ url }: LoaderFunctionArgs): Promise<null> {
  // asked for beside the profile (the access check), not after it
  prefetchForLearner(trainingQueryOptions());
  await requireLearner(url);
  await queryClient.ensureQueryData(trainingQueryOptions());
  return null;
}

export function Component() {
  const { t } = useTranslation('learning');
  const locale = useLocale();
  const { data } = useTraining();
  usePageHead({ title: t('training.title'), description: t('training.subtitle') });
  const courses = useScormTest();
  const crops = [...data.crops].sort((a, b) => a.listingOrder - b.listingOrder);
  return (
    <LearningShell courses={courses}>
      <Stack gap="lg">
        <Title order={1} c="brand" data-testid="training-title">
          {t('training.title')}
        </Title>
        <Text c="dimmed">{t('training.subtitle')}</Text>
        {crops.length === 0 ? (
          <Text c="dimmed">{t('training.empty')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: TRAINING_ROW }}>
            {crops.map((crop, index) => (
              <StationCard key={crop.stationId} station={crop} locale={locale} priority={index < TRAINING_ROW} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </LearningShell>
  );
}
