import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { Location } from '@portal/booking/contracts/http';
import { addDays } from '@portal/kernel';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useAvailability } from '../api/availability';
import { monthRange } from '../model/booking-steps';

const DAYJS_LOCALE: Record<string, string> = { 'pt-BR': 'pt-br', es: 'es', en: 'en' };

/** Step 2: a month calendar where only days with a free seat can be chosen (the center's calendar). */
export function DateStep(props: { location: Location; today: string; month: string; selected: string | null; onMonth: (month: string) => void; onChoose: (date: string) => void }) {
  const { location, today, month, selected, onMonth, onChoose } = props;
  const { t, i18n } = useTranslation('booking');
  const toMessage = useErrorMessage();
  const { from, to } = monthRange(month, today);
  const availability = useAvailability(location.locationId, from, to <= from ? from : to);
  const open = new Set((availability.data?.days ?? []).filter((d) => d.slots.some((s) => s.free > 0)).map((d) => d.date));
  const lastDay = addDays(today, location.schedule.horizonDays);

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('date.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('date.hint')}
      </Text>
      {availability.isError && (
        <Alert color="red" variant="light" role="alert">
          {toMessage(availability.error)}
        </Alert>
      )}
      <DatesProvider settings={{ locale: DAYJS_LOCALE[i18n.language] ?? 'en', firstDayOfWeek: 0 }}>
        <Center pos="relative" aria-busy={availability.isFetching}>
          <DatePicker
            date={`${month}-01`}
            value={selected}
            onChange={(value) => {
              if (value) onChoose(value);
            }}
            onDateChange={(date) => onMonth(date.slice(0, 7))}
            minDate={today}
            maxDate={lastDay}
            excludeDate={(date) => !open.has(date)}
            getDayProps={(date) => ({ 'data-testid': `booking-day-${date}`, ...(open.has(date) ? { 'data-available': 'true' } : {}) })}
            ariaLabels={{ previousMonth: t('date.previous'), nextMonth: t('date.next') }}
            size="md"
          />
          {availability.isFetching && <Loader size="sm" pos="absolute" top={8} right={8} />}
        </Center>
      </DatesProvider>
      {availability.isSuccess && !availability.isPlaceholderData && open.size === 0 && (
        <Text c="dimmed" ta="center" data-testid="booking-no-dates">
          {t('date.none')}
        </Text>
      )}
    </Stack>
  );
}
