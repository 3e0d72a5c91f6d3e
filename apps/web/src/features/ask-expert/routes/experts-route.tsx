import { useState } from 'react';
import { Alert, Button, Group, MultiSelect, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { ExpertAssignment } from '@portal/engagement/contracts/http';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { asLocale } from '../../../shared/ui/shell/localized';
import { expertsQueryOptions, expertThemesQueryOptions, useAssignExpertThemes } from '../api/ask-expert';
import { expertCandidatesQueryOptions } from '../api/expert-candidates';
import { canAssignExperts } from '../model/access';

/** /manager/experts (ADR 0072): who answers which expert themes; reference-data administrators (manage_all_companies). */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await requireSession(new URL(request.url));
  if (!canAssignExperts(user)) throw data(null, { status: 403 });
  await Promise.all([loadNamespaces('ask-expert'), queryClient.prefetchQuery(expertsQueryOptions(null))]);
  return null;
}

function ExpertRow({ expert, themeOptions }: { expert: ExpertAssignment; themeOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation('ask-expert');
  const toMessage = useErrorMessage();
  const assign = useAssignExpertThemes();
  const [themeIds, setThemeIds] = useState<string[]>(expert.themeIds);
  const changed = themeIds.join() !== expert.themeIds.join();
  const save = (ids: string[]) =>
    assign.mutate({ userId: expert.userId, themeIds: ids }, { onSuccess: () => notifications.show({ color: 'teal', message: t('experts.saved') }), onError: (e) => notifications.show({ color: 'red', message: toMessage(e) }) });
  return (
    <Table.Tr data-testid={`expert-${expert.userId}`}>
      <Table.Td>
        <Text fw={600}>{expert.name ?? expert.userId}</Text>
        <Text size="sm" c="dimmed">
          {expert.email}
        </Text>
      </Table.Td>
      <Table.Td miw={280}>
        <MultiSelect aria-label={t('experts.themes')} data={themeOptions} value={themeIds} onChange={setThemeIds} searchable data-testid="expert-themes" />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" disabled={!changed} loading={assign.isPending} onClick={() => save(themeIds)} data-testid="expert-save">
            {t('experts.save')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => save([])} data-testid="expert-remove">
            {t('experts.remove')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function Component() {
  const { t, i18n } = useTranslation('ask-expert');
  const lang = asLocale(i18n.language);
  const toMessage = useErrorMessage();
  const [themeId, setThemeId] = useState<string | null>(null);
  const themes = useQuery(expertThemesQueryOptions(lang));
  const experts = useQuery(expertsQueryOptions(themeId));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const candidates = useQuery(expertCandidatesQueryOptions(debounced));
  const [candidate, setCandidate] = useState<string | null>(null);
  const [newThemes, setNewThemes] = useState<string[]>([]);
  const assign = useAssignExpertThemes();
  const themeOptions = (themes.data ?? []).map((th) => ({ value: th.value, label: th.label }));

  const add = () => {
    if (!candidate || newThemes.length === 0) return;
    assign.mutate(
      { userId: candidate, themeIds: newThemes },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('experts.saved') });
          setCandidate(null);
          setNewThemes([]);
          setSearch('');
        },
        onError: (e) => notifications.show({ color: 'red', message: toMessage(e) }),
      },
    );
  };

  return (
    <PageShell size="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} c="brand" data-testid="experts-title">
            {t('experts.title')}
          </Title>
          <Text c="dimmed">{t('experts.intro')}</Text>
        </Stack>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('experts.add')}
            </Title>
            <Group align="flex-end" gap="sm">
              <TextInput label={t('experts.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} data-testid="experts-search" />
              <Select
                label={t('experts.person')}
                data={(candidates.data ?? []).map((u) => ({ value: u.userId, label: u.name ? `${u.name} · ${u.email}` : u.email }))}
                value={candidate}
                onChange={setCandidate}
                nothingFoundMessage={t('experts.nobody')}
                miw={280}
                data-testid="experts-candidate"
              />
              <MultiSelect label={t('experts.themes')} data={themeOptions} value={newThemes} onChange={setNewThemes} miw={240} data-testid="experts-new-themes" />
              <Button onClick={add} disabled={!candidate || newThemes.length === 0} loading={assign.isPending} data-testid="experts-add">
                {t('experts.addButton')}
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Select label={t('experts.filter')} placeholder={t('queue.allThemes')} data={themeOptions} value={themeId} onChange={setThemeId} clearable maw={320} data-testid="experts-filter" />
        {experts.isError && (
          <Alert color="red" role="alert">
            {toMessage(experts.error)}
          </Alert>
        )}
        {experts.isSuccess && experts.data.experts.length === 0 && <Text c="dimmed">{t('experts.empty')}</Text>}
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder verticalSpacing="sm" data-testid="experts-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('experts.person')}</Table.Th>
                <Table.Th>{t('experts.themes')}</Table.Th>
                <Table.Th>{t('experts.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(experts.data?.experts ?? []).map((e) => (
                <ExpertRow key={`${e.userId}:${e.themeIds.join()}`} expert={e} themeOptions={themeOptions} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </PageShell>
  );
}
