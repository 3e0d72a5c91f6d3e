import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, ScrollArea, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { data, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { isLocale, type Locale } from '@portal/kernel';
import { REFERENCE_LISTS, type ReferenceList } from '@portal/identity/contracts/shapes';
import type { ReferenceItem } from '@portal/identity/contracts/companies.http';
import { queryClient } from '../../../shared/api/query-client';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { referenceDataQueryOptions, useReferenceData, useRetireReferenceItem } from '../api/reference-data';
import { ReferenceItemForm } from '../components/reference-item-form';
import { canAdministerCompanies } from '../model/access';
import { parentOf, sortItems } from '../model/reference-form';

/** /manager/reference-data (ADR 0051): holders of manage_all_companies only (the error page's 403 otherwise). */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await requireSession(new URL(request.url));
  if (!canAdministerCompanies(user)) throw data(null, { status: 403 });
  await Promise.all([loadNamespaces('manager-companies'), queryClient.ensureQueryData(referenceDataQueryOptions())]);
  return null;
}

const isList = (value: string | null): value is ReferenceList => (REFERENCE_LISTS as readonly (string | null)[]).includes(value);

export function Component() {
  const { t, i18n } = useTranslation('manager-companies');
  const toMessage = useErrorMessage();
  const lang: Locale = isLocale(i18n.language) ? i18n.language : 'pt-BR';
  const { data: lists } = useReferenceData();
  const retire = useRetireReferenceItem();
  const [params, setParams] = useSearchParams();
  const listParam = params.get('list');
  const list: ReferenceList = isList(listParam) ? listParam : 'groups';
  const [editing, setEditing] = useState<ReferenceItem | 'new' | null>(null);
  const [retiring, setRetiring] = useState<ReferenceItem | null>(null);
  const items = sortItems(lists[list] ?? []);
  const parent = parentOf(list);
  const parentItems = parent ? (lists[parent.list] ?? []) : [];
  const parentLabel = (id: string | null) => (id ? (parentItems.find((p) => p.itemId === id)?.labels[lang] ?? id) : '');

  const confirmRetire = () => {
    if (!retiring) return;
    retire.mutate(
      { list, itemId: retiring.itemId },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('reference.retired') });
          setRetiring(null);
        },
        onError: (error) => notifications.show({ color: 'red', message: toMessage(error) }),
      },
    );
  };

  return (
    <PageShell size="xl">
      <Stack gap="lg">
        <Title order={1} c="brand" data-testid="reference-data-title">
          {t('reference.title')}
        </Title>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Select
            label={t('reference.list')}
            data={REFERENCE_LISTS.map((l) => ({ value: l, label: t(`reference.lists.${l}`) }))}
            value={list}
            allowDeselect={false}
            onChange={(value) => isList(value) && setParams({ list: value }, { replace: true })}
            w={{ base: '100%', sm: 320 }}
            data-testid="reference-list"
          />
          <Button onClick={() => setEditing('new')} data-testid="reference-add">
            {t('reference.add')}
          </Button>
        </Group>
        <Paper withBorder radius="md">
          <ScrollArea>
            <Table striped verticalSpacing="sm" data-testid="reference-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reference.locale.pt-BR')}</Table.Th>
                  <Table.Th>{t('reference.locale.es')}</Table.Th>
                  <Table.Th>{t('reference.locale.en')}</Table.Th>
                  {parent && <Table.Th>{t(`reference.lists.${parent.list}`)}</Table.Th>}
                  <Table.Th aria-label={t('list.actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.itemId} data-testid={`reference-row-${item.itemId}`} style={item.retired ? { opacity: 0.55 } : undefined}>
                    <Table.Td>
                      <Group gap={6}>
                        <Text>{item.labels['pt-BR']}</Text>
                        {item.other && (
                          <Badge size="sm" variant="light">
                            {t('reference.otherBadge')}
                          </Badge>
                        )}
                        {item.retired && (
                          <Badge size="sm" color="gray" variant="light">
                            {t('reference.retiredBadge')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{item.labels.es}</Table.Td>
                    <Table.Td>{item.labels.en}</Table.Td>
                    {parent && <Table.Td>{parentLabel(item.parentId)}</Table.Td>}
                    <Table.Td>
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        <Button size="compact-sm" variant="default" onClick={() => setEditing(item)} data-testid={`reference-edit-${item.itemId}`}>
                          {item.retired ? t('reference.restore') : t('list.edit')}
                        </Button>
                        {!item.retired && (
                          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRetiring(item)} data-testid={`reference-retire-${item.itemId}`}>
                            {t('reference.retire')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {items.length === 0 && (
            <Text c="dimmed" p="md">
              {t('reference.empty')}
            </Text>
          )}
        </Paper>
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('reference.titleNew', { list: t(`reference.lists.${list}`) }) : t('reference.titleEdit')}
        closeButtonProps={{ 'aria-label': t('form.close') }}
      >
        {editing !== null && (
          <ReferenceItemForm
            key={editing === 'new' ? 'new' : editing.itemId}
            list={list}
            item={editing === 'new' ? null : editing}
            parents={parentItems.filter((p) => !p.retired).map((p) => ({ value: p.itemId, label: p.labels[lang] }))}
            onSaved={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal opened={retiring !== null} onClose={() => setRetiring(null)} title={t('reference.retireTitle')} closeButtonProps={{ 'aria-label': t('form.close') }}>
        <Stack gap="md">
          <Text>{t('reference.retireConfirm', { label: retiring?.labels[lang] ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRetiring(null)}>
              {t('reference.cancel')}
            </Button>
            <Button color="red" loading={retire.isPending} onClick={confirmRetire} data-testid="reference-retire-confirm">
              {t('reference.retire')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageShell>
  );
}
