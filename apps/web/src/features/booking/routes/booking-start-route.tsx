import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLocale, type Locale } from '@portal/kernel';
import { queryClient } from '../../../shared/api/query-client';
import { currentLocale, initI18n, loadNamespaces } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { countriesQueryOptions, useCountries } from '../api/countries';
import { BookingLayout } from '../components/booking-layout';
import { bookingCountryPath } from '../components/booking-paths';
import { usePageHead } from '../../../shared/ui/page-head';

/**
 * /public/booking: anonymous (001 §6); countries with training centers, by name in the reader's
 * language. The page shows its heading once its strings are there; the countries (asked for as soon
 * as the language is known) fill in below it, a placeholder until then (ADR 0013, update 3).
 */
export async function loader(): Promise<null> {
  const strings = loadNamespaces('booking');
  await initI18n();
  void queryClient.prefetchQuery(countriesQueryOptions(currentLocale()));
  await strings;
  return null;
}

function Countries({ lang }: { lang: Locale }) {
  const { t } = useTranslation('booking');
  const toMessage = useErrorMessage();
  const { data: countries, error } = useCountries(lang);
  if (error) return <Alert color="red" variant="light" role="alert">{toMessage(error)}</Alert>;
  if (!countries) return <Skeleton h={96} />;
  if (countries.length === 0) return <Text c="dimmed">{t('start.empty')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
      {countries.map((c) => (
        <UnstyledButton key={c.country} component={Link} to={bookingCountryPath(c.country)} data-testid={`booking-country-${c.country}`}>
          <Paper withBorder radius="md" p="lg" h="100%">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700} size="lg">
                {c.displayName}
              </Text>
              <Badge variant="light">{c.country}</Badge>
            </Group>
            <Text size="sm" c="dimmed" mt="xs">
              {t('start.locations', { count: c.locations })}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

export function Component() {
  const { t, i18n } = useTranslation('booking');
  const lang = isLocale(i18n.language) ? i18n.language : currentLocale();
  usePageHead({ title: t('start.title'), description: t('start.subtitle') });
  return (
    <BookingLayout>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1} c="brand" data-testid="booking-title">
            {t('start.title')}
          </Title>
          <Text size="lg">{t('start.subtitle')}</Text>
        </Stack>
        <Countries lang={lang} />
      </Stack>
    </BookingLayout>
  );
}
