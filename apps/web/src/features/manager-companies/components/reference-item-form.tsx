import { Alert, Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@portal/kernel';
import type { ReferenceItem } from '@portal/identity/contracts/companies.http';
import type { ReferenceList } from '@portal/identity/contracts/shapes';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useSaveReferenceItem } from '../api/reference-data';
import { missingLabels, parentOf, referenceValuesOf, toSaveRequest, type ReferenceItemValues } from '../model/reference-form';

/** Add or change a reference item: its label in pt-BR, es and en, its parent (sub-themes, group responsibles) and "Other". */
export function ReferenceItemForm({
  list,
  item,
  parents,
  onSaved,
}: {
  list: ReferenceList;
  item: ReferenceItem | null;
  /** the parent list's active items, labelled in the reader's language */
  parents: { value: string; label: string }[];
  onSaved: () => void;
}) {
  const { t } = useTranslation('manager-companies');
  const toMessage = useErrorMessage();
  const save = useSaveReferenceItem();
  const parent = parentOf(list);
  const form = useForm<ReferenceItemValues>({
    initialValues: referenceValuesOf(item),
    validate: (values) => ({
      ...Object.fromEntries(missingLabels(values).map((l) => [`labels.${l}`, t('form.required', { field: t(`reference.locale.${l}`) })])),
      ...(parent?.required && !values.parentId ? { parentId: t('form.required', { field: t(`reference.lists.${parent.list}`) }) } : {}),
    }),
  });

  const submit = form.onSubmit((values) =>
    save.mutate(
      { list, body: toSaveRequest(list, item, values) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('reference.saved') });
          onSaved();
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-busy={save.isPending} data-testid="reference-item-form">
      <Stack gap="sm">
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {toMessage(save.error)}
          </Alert>
        )}
        {LOCALES.map((locale: Locale) => (
          <TextInput key={locale} label={t(`reference.locale.${locale}`)} required data-testid={`reference-label-${locale}`} {...form.getInputProps(`labels.${locale}`)} />
        ))}
        {parent && (
          <Select
            label={t(`reference.lists.${parent.list}`)}
            data={parents}
            searchable
            clearable={!parent.required}
            required={parent.required}
            data-testid="reference-parent"
            {...form.getInputProps('parentId')}
          />
        )}
        <Checkbox label={t('reference.other')} description={t('reference.otherHint')} {...form.getInputProps('other', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="reference-save">
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
