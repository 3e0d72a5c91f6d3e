import { useMemo, useState } from 'react';
import { Alert, Button, Group, NativeSelect, NumberInput, Paper, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES } from '@portal/identity/contracts/http';
import type { ScheduledEvent } from '@portal/events/contracts/http';
import { isApiError } from '../../../shared/api/api-error';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { asLocale, pickText } from '../../../shared/ui/shell/localized';
import { useCrops } from '../api/crops';
import { useRemoveMaterial, useSaveEvent, useUploadMaterials } from '../api/events';
import { useIssueMessage } from '../hooks/use-issue-message';
import { emptyEventForm, eventFormValues, fieldOfPath, toEventBody, validateEventForm, type EventFormField, type EventFormValues } from '../model/event-form';
import { attachedOf, filesToUpload, pendingOf, uploadBatches, type MaterialItem } from '../model/materials';
import { MaterialList } from './material-list';

const TIME_ZONES = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['America/Sao_Paulo', 'America/Manaus', 'America/Cuiaba', 'America/Recife', 'UTC'];
  }
})();

interface Props {
  /** null: a new event */
  event: ScheduledEvent | null;
  onSaved: (event: ScheduledEvent, created: boolean) => void;
}

/** Add or edit an event (001 §3: every field, with the checks of 001 §5 and the contract's bounds) and its materials. */
export function EventForm({ event, onSaved }: Props) {
  const { t, i18n } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const issueMessage = useIssueMessage();
  const save = useSaveEvent();
  const upload = useUploadMaterials();
  const remove = useRemoveMaterial();
  const crops = useCrops();
  const [pending, setPending] = useState<MaterialItem[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const label = (field: EventFormField) => t(`fields.${field}`);

  const form = useForm<EventFormValues>({
    initialValues: event ? eventFormValues(event) : emptyEventForm(),
    validate: (values) => {
      const issues = validateEventForm(values);
      return Object.fromEntries(Object.entries(issues).map(([field, issue]) => [field, issueMessage(issue, label(field as EventFormField))]));
    },
  });

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [i18n.language]);
  const cropOptions = useMemo(() => (crops.data ?? []).map((c) => c.stationId), [crops.data]);
  const cropNames = useMemo(() => new Map((crops.data ?? []).map((c) => [c.stationId, pickText(c.title, asLocale(i18n.language))])), [crops.data, i18n.language]);

  const items: MaterialItem[] = [...attachedOf(event?.materials ?? []), ...pending];
  const busy = save.isPending || upload.isPending || remove.isPending;

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const result = toEventBody(values);
    if (!result.ok) {
      form.setErrors(Object.fromEntries(result.fields.map((f) => [f, t('validation.invalid', { field: label(f) })])));
      return;
    }
    let saved: ScheduledEvent;
    try {
      saved = await save.mutateAsync({ eventId: event?.eventId ?? null, body: result.body });
    } catch (error) {
      setFailure(error);
      if (isApiError(error)) {
        const fields = error.details.map((d) => fieldOfPath(d.path)).filter((f): f is EventFormField => f !== null);
        if (fields.length > 0) form.setErrors(Object.fromEntries(fields.map((f) => [f, t('validation.invalid', { field: label(f) })])));
      }
      return;
    }
    try {
      // 001 §5: only the files without an id
      for (const batch of uploadBatches(filesToUpload(pending))) saved = await upload.mutateAsync({ eventId: saved.eventId, files: batch });
      setPending([]);
    } catch (error) {
      setFailure(error);
    }
    form.resetDirty(form.getValues());
    notifications.show({ color: 'teal', message: t('form.saved') });
    onSaved(saved, event === null);
  });

  const removeItem = async (item: MaterialItem) => {
    if (item.kind === 'pending') {
      setPending((list) => list.filter((p) => p !== item));
      return;
    }
    if (!window.confirm(t('materials.confirmRemove', { name: item.fileName }))) return;
    try {
      await remove.mutateAsync(item.materialId);
      notifications.show({ color: 'teal', message: t('materials.removed', { name: item.fileName }) });
    } catch (error) {
      notifications.show({ color: 'red', message: toMessage(error) });
    }
  };

  const text = (field: 'title' | 'type' | 'venue' | 'author' | 'department' | 'cluster' | 'competenceArea' | 'region' | 'brand' | 'bu' | 'targetAudience' | 'instructor', required = false) => (
    <TextInput label={label(field)} required={required} data-testid={`event-${field}`} {...form.getInputProps(field)} />
  );

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} data-testid="event-form">
      <Stack gap="md">
        {failure !== null && (
          <Alert color="red" variant="light" role="alert" data-testid="event-form-error">
            {toMessage(failure)}
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('form.sections.about')}
            </Title>
            {text('title', true)}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('type', true)}
              {text('instructor')}
            </SimpleGrid>
            <Textarea label={label('description')} autosize minRows={3} maxRows={10} data-testid="event-description" {...form.getInputProps('description')} />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('form.sections.when')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput type="date" label={label('date')} required data-testid="event-date" {...form.getInputProps('date')} />
              <TextInput type="time" label={label('startHour')} required data-testid="event-startHour" {...form.getInputProps('startHour')} />
              <TextInput type="time" label={label('finishHour')} required data-testid="event-finishHour" {...form.getInputProps('finishHour')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label={label('timezone')} data={TIME_ZONES} searchable allowDeselect={false} data-testid="event-timezone" {...form.getInputProps('timezone')} />
              <NativeSelect label={label('country')} data={countries} data-testid="event-country" {...form.getInputProps('country')} />
            </SimpleGrid>
            {text('venue')}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('form.sections.classification')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {text('author')}
              {text('department')}
              {text('cluster')}
            </SimpleGrid>
            <TagsInput label={label('categories')} description={t('form.tagsHint')} clearable data-testid="event-categories" {...form.getInputProps('categories')} />
            <TagsInput
              label={label('cultures')}
              description={t('form.culturesHint')}
              data={cropOptions}
              renderOption={({ option }) => cropNames.get(option.value) ?? option.value}
              clearable
              data-testid="event-cultures"
              {...form.getInputProps('cultures')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('competenceArea')}
              {text('brand')}
              {text('region')}
              {text('bu')}
            </SimpleGrid>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('form.sections.audience')}
            </Title>
            {text('targetAudience')}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput label={label('estimatedAudience')} min={0} max={100_000} allowDecimal={false} data-testid="event-estimatedAudience" {...form.getInputProps('estimatedAudience')} />
              <NumberInput label={label('vacancies')} required min={1} max={10_000} allowDecimal={false} data-testid="event-vacancies" {...form.getInputProps('vacancies')} />
            </SimpleGrid>
          </Stack>
        </Paper>
        <MaterialList items={items} busy={busy} onAdd={(files) => setPending((list) => [...list, ...pendingOf(files)])} onRemove={(item) => void removeItem(item)} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="event-save">
            {event ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
