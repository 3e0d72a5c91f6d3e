import { useState } from 'react';
import { Anchor, Box, Button, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, type CountryCode } from '@portal/identity/contracts/http';
import { data, Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { BookingRequestedAnswer, Location } from '@portal/booking/contracts/http';
import { queryClient } from '../../../shared/api/query-client';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { useLocations, locationsQueryOptions } from '../api/locations';
import { BookingLayout } from '../components/booking-layout';
import { BOOKING_HOME } from '../components/booking-paths';
import { DateStep } from '../components/date-step';
import { ChosenStep, LocationStep } from '../components/location-step';
import { TimeStep } from '../components/time-step';
import { VisitorForm } from '../components/visitor-form';
import { selectionFrom, stepOf, visibleMonth, withSelection } from '../model/booking-steps';
import { countryNameOf, formatDate, formatInstant, todayIn } from '../model/format';
import { usePageHead } from '../../../shared/ui/page-head';

const COUNTRY = /^[a-z]{2}$/i;
const STEP_INDEX = { location: 0, date: 1, time: 2, details: 3 } as const;

/** /public/booking/:country: location -> date -> time -> details, each step in the URL (anonymous). */
export async function loader({ params }: LoaderFunctionArgs): Promise<null> {
  const country = params.country ?? '';
  if (!COUNTRY.test(country)) throw data(null, { status: 404 });
  await Promise.all([loadNamespaces('booking'), queryClient.ensureQueryData(locationsQueryOptions(country))]);
  return null;
}

function Requested({ answer, email, location }: { answer: BookingRequestedAnswer; email: string; location: Location }) {
  const { t, i18n } = useTranslation('booking');
  return (
    <Paper withBorder radius="md" p="xl" data-testid="booking-requested" data-booking-id={answer.bookingId}>
      <Stack gap="sm">
        <Title order={2} c="brand">
          {t('requested.title')}
        </Title>
        <Text fw={600}>
          {location.name} · {formatDate(answer.date, i18n.language)}, {answer.time}
        </Text>
        <Text>{t('requested.body', { email, deadline: formatInstant(answer.expiresAt, location.timezone, i18n.language) })}</Text>
        <Text size="sm" c="dimmed">
          {t('requested.spam')}
        </Text>
        <div>
          <Button component={Link} to={BOOKING_HOME} variant="light" mt="sm">
            {t('requested.again')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

function Flow({ country }: { country: string }) {
  const { t, i18n } = useTranslation('booking');
  const { data: locations } = useLocations(country);
  const [params, setParams] = useSearchParams();
  const [requested, setRequested] = useState<{ answer: BookingRequestedAnswer; email: string } | null>(null);
  const selection = selectionFrom(params);
  const location = locations.find((l) => l.locationId === selection.location) ?? null;
  const step = location ? stepOf(selection) : 'location';
  const go = (change: Parameters<typeof withSelection>[1]) => setParams(withSelection(params, change));

  if (locations.length === 0) return <Text c="dimmed">{t('country.empty')}</Text>;
  if (requested && location) return <Requested answer={requested.answer} email={requested.email} location={location} />;

  const today = location ? todayIn(location.timezone) : '';
  return (
    <Stack gap="lg">
      {/* one row on a phone: the steps' numbers only, each named for screen readers; the labels from xs up (issue 26) */}
      <Stepper active={STEP_INDEX[step]} size="sm" allowNextStepsSelect={false} wrap={false} data-testid="booking-stepper">
        {(['location', 'date', 'time', 'details'] as const).map((key) => (
          <Stepper.Step
            key={key}
            aria-label={t(`steps.${key}`)}
            label={
              <Box component="span" visibleFrom="xs">
                {t(`steps.${key}`)}
              </Box>
            }
          />
        ))}
      </Stepper>
      {!location ? (
        <LocationStep locations={locations} onChoose={(locationId) => go({ location: locationId })} />
      ) : (
        <ChosenStep label={t('steps.location')} value={location.name} onChange={() => go({ location: null })} testId="booking-chosen-location" />
      )}
      {location && step === 'date' && (
        <DateStep
          location={location}
          today={today}
          month={visibleMonth(params, today)}
          selected={selection.date}
          onMonth={(month) => {
            const next = new URLSearchParams(params);
            next.set('month', month);
            setParams(next, { replace: true });
          }}
          onChoose={(date) => go({ date })}
        />
      )}
      {location && selection.date && step !== 'date' && (
        <ChosenStep label={t('steps.date')} value={formatDate(selection.date, i18n.language)} onChange={() => go({ date: null })} testId="booking-chosen-date" />
      )}
      {location && selection.date && step === 'time' && <TimeStep location={location} date={selection.date} onChoose={(time) => go({ time })} />}
      {location && selection.date && selection.time && (
        <>
          <ChosenStep label={t('steps.time')} value={selection.time} onChange={() => go({ time: null })} testId="booking-chosen-time" />
          <Paper withBorder radius="md" p="lg">
            <VisitorForm
              choice={{ locationId: location.locationId, date: selection.date, time: selection.time }}
              onRequested={(answer, email) => setRequested({ answer, email })}
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}

export function Component() {
  const { t, i18n } = useTranslation('booking');
  const { t: tc } = useTranslation('common');
  const { country = '' } = useParams();
  const code = country.toUpperCase();
  const countryName = countryNameOf(code, i18n.language);
  // "no Brasil", "na Argentina", "em Cuba": the article follows the country's gender (i18next context)
  const gender = (COUNTRY_CODES as readonly string[]).includes(code) ? tc(`countryGenders.${code as CountryCode}`) : undefined;
  const title = t('country.title', { country: countryName, ...(gender ? { context: gender } : {}) });
  usePageHead({ title });
  return (
    <BookingLayout>
      <Stack gap="lg">
        <Anchor component={Link} to={BOOKING_HOME} size="sm" data-testid="booking-back">
          ← {t('country.back')}
        </Anchor>
        <Title order={1} c="brand" data-testid="booking-country-title">
          {title}
        </Title>
        <Flow country={code} />
      </Stack>
    </BookingLayout>
  );
}
