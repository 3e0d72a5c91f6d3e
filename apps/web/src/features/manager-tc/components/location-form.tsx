import '@mantine/dates/styles.css';
import { useMemo } from 'react';
import { ActionIcon, Alert, Button, Checkbox, ColorInput, Group, NativeSelect, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { IsoWeekday } from '@portal/booking/contracts/shapes';
import type { Location } from '@portal/booking/contracts/http';
import { COUNTRY_CODES } from '@portal/identity/contracts/http';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useSaveLocation } from '../api/staff-locations';
import { weekdayNames } from '../model/calendar-grid';
import { newLocationValues, toLocationInput, valuesOf, type LocationValues } from '../model/location-form';

const TIME_ZONES = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['America/Sao_Paulo', 'America/Mexico_City', 'America/Argentina/Buenos_Aires', 'UTC'];
  }
})();

/** Create or change a training center (tc_admin): address, capacity, zone, colour and the opening schedule. */
export function LocationForm({ location, onSaved }: { location: Location | null; onSaved: () => void }) {
  const { t, i18n } = useTranslation('manager-tc');
  const toMessage = useErrorMessage();
  const save = useSaveLocation();
  const form = useForm<LocationValues>({ initialValues: location ? valuesOf(location) : newLocationValues() });
  // ISO weekday 1 (Monday) ... 7 (Sunday)
  const weekdays = useMemo(() => weekdayNames(i18n.language, 1, 'long').map((label, i) => ({ value: String(i + 1), label })), [i18n.language]);
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [i18n.language]);

  const submit = form.onSubmit((values) => {
    const result = toLocationInput(values);
    if (!result.ok) {
      form.setErrors(Object.fromEntries(result.fields.map((f) => [f, t('locations.invalid')])));
      return;
    }
    save.mutate(
      { locationId: location?.locationId ?? null, body: result.body },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('locations.saved') });
          onSaved();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={save.isPending} data-testid="location-form">
      <Stack gap="sm">
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {toMessage(save.error)}
          </Alert>
        )}
        <TextInput label={t('locations.name')} required data-testid="location-name" {...form.getInputProps('name')} />
        <TextInput label={t('locations.address1')} required data-testid="location-address1" {...form.getInputProps('address1')} />
        <TextInput label={t('locations.address2')} {...form.getInputProps('address2')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('locations.number')} {...form.getInputProps('number')} />
          <TextInput label={t('locations.city')} required data-testid="location-city" {...form.getInputProps('city')} />
          <TextInput label={t('locations.state')} {...form.getInputProps('state')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect label={t('locations.country')} data={countries} {...form.getInputProps('country')} />
          <TextInput label={t('locations.postalCode')} {...form.getInputProps('postalCode')} />
          <Select label={t('locations.timezone')} data={TIME_ZONES} searchable allowDeselect={false} {...form.getInputProps('timezone')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <NumberInput label={t('locations.capacityLabel')} min={1} max={500} allowDecimal={false} {...form.getInputProps('capacity')} />
          <NumberInput label={t('locations.slotMinutes')} min={15} max={480} step={15} allowDecimal={false} {...form.getInputProps('slotMinutes')} />
          <NumberInput label={t('locations.horizonDays')} min={1} max={365} allowDecimal={false} {...form.getInputProps('horizonDays')} />
          <ColorInput label={t('locations.color')} format="hex" {...form.getInputProps('color')} />
        </SimpleGrid>
        <Stack gap={6}>
          <Text fw={500} size="sm">
            {t('locations.hours')}
          </Text>
          {form.errors.hours && (
            <Text c="red" size="xs">
              {form.errors.hours}
            </Text>
          )}
          {form.values.hours.map((_, i) => (
            <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
              <NativeSelect
                label={i === 0 ? t('locations.weekday') : undefined}
                aria-label={t('locations.weekday')}
                data={weekdays}
                value={String(form.values.hours[i]!.weekday)}
                onChange={(e) => form.setFieldValue(`hours.${i}.weekday`, Number(e.currentTarget.value) as IsoWeekday)}
              />
              <TextInput type="time" label={i === 0 ? t('locations.opens') : undefined} aria-label={t('locations.opens')} {...form.getInputProps(`hours.${i}.opens`)} />
              <TextInput type="time" label={i === 0 ? t('locations.closes') : undefined} aria-label={t('locations.closes')} {...form.getInputProps(`hours.${i}.closes`)} />
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('locations.remove')} onClick={() => form.removeListItem('hours', i)}>
                ×
              </ActionIcon>
            </Group>
          ))}
          <div>
            <Button variant="subtle" size="compact-sm" onClick={() => form.insertListItem('hours', { weekday: 1, opens: '08:00', closes: '12:00' })}>
              {t('locations.addHours')}
            </Button>
          </div>
        </Stack>
        <DatePickerInput
          type="multiple"
          label={t('locations.closedDates')}
          description={t('locations.closedDatesHint')}
          clearable
          valueFormat="YYYY-MM-DD"
          value={form.values.closedDates}
          onChange={(dates) => form.setFieldValue('closedDates', [...dates].sort())}
          error={form.errors.closedDates}
        />
        <Checkbox label={t('locations.activeLabel')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="location-save">
            {t('locations.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
