import { useEffect, useState } from 'react';
import { Anchor, Button, Collapse, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES } from '@portal/identity/contracts/http';
import { PERMISSIONS, ROLES } from '@portal/kernel';
import { activeFilterCount, type FilterParam, type UserFilters } from '../model/user-filters';
import type { SelectOption } from '../hooks/use-lookups';
import type { useManagerLookups } from '../hooks/use-lookups';

type Lookups = ReturnType<typeof useManagerLookups>;

/** The free-text filters, applied once typing pauses. */
const TEXT_FILTERS = ['q', 'state'] as const;

/** The filters that are always shown; the others open with "more filters" (open when one is set). */
const MORE: readonly FilterParam[] = ['state', 'permission', 'actingArea', 'group', 'region', 'businessUnit', 'hasAccount', 'neverStarted', 'createdFrom', 'createdTo', 'lastActiveFrom', 'lastActiveTo'];

interface Props {
  filters: UserFilters;
  lookups: Lookups;
  /** manage_all_companies: the company filter is offered */
  allCompanies: boolean;
  onChange: (changes: UserFilters) => void;
  onClear: () => void;
}

/** The list's filters (issue 14): each one a /find query parameter kept in the URL. */
export function UserFiltersPanel({ filters, lookups, allCompanies, onChange, onClear }: Props) {
  const { t } = useTranslation('manager');
  const { t: tc } = useTranslation('common');
  const [draft, setDraft] = useState({ q: filters.q ?? '', state: filters.state ?? '' });
  const [debounced] = useDebouncedValue(draft, 350);
  const [more, setMore] = useState(() => MORE.some((name) => filters[name] !== undefined));

  // the URL changed elsewhere (back, a shared link, "clear"): the text boxes follow it
  useEffect(() => setDraft({ q: filters.q ?? '', state: filters.state ?? '' }), [filters.q, filters.state]);
  useEffect(() => {
    const changes: UserFilters = {};
    for (const name of TEXT_FILTERS) if ((debounced[name].trim() || undefined) !== filters[name]) changes[name] = debounced[name].trim();
    if (Object.keys(changes).length > 0) onChange(changes);
    // only the debounced text drives this
  }, [debounced]);

  const any = (label: string): SelectOption => ({ value: '', label });
  const yesNo = [any(t('filters.any')), { value: 'true', label: t('filters.yes') }, { value: 'false', label: t('filters.no') }];
  const select = (name: FilterParam, options: readonly SelectOption[], anyLabel = t('filters.any')) => (
    <NativeSelect
      key={name}
      label={t(`filters.${name}`)}
      value={filters[name] ?? ''}
      onChange={(e) => onChange({ [name]: e.currentTarget.value })}
      data={[any(anyLabel), ...options]}
      data-testid={`users-filter-${name}`}
    />
  );
  const date = (name: FilterParam) => (
    <TextInput key={name} type="date" label={t(`filters.${name}`)} value={filters[name]?.slice(0, 10) ?? ''} onChange={(e) => onChange({ [name]: e.currentTarget.value })} data-testid={`users-filter-${name}`} />
  );
  const reference = (name: 'userTypes' | 'actingAreas' | 'groups' | 'regions' | 'businessUnits') => lookups.list(name).map((o) => ({ value: o.value, label: o.label }));
  const count = activeFilterCount(filters);

  return (
    <Paper withBorder radius="md" p="md" role="search" aria-label={t('filters.title')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <TextInput
            label={t('filters.q')}
            placeholder={t('filters.qPlaceholder')}
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
            data-testid="users-filter-q"
          />
          {allCompanies && select('companyId', lookups.companies, t('filters.allCompanies'))}
          {select('country', COUNTRY_CODES.map((code) => ({ value: code, label: tc(`countries.${code}`) })))}
          {select('role', ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) })))}
          {select('userType', reference('userTypes'))}
          {select('station', lookups.crops)}
          {select('active', yesNo)}
        </SimpleGrid>
        <Collapse expanded={more}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            <TextInput label={t('filters.state')} value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.currentTarget.value })} data-testid="users-filter-state" />
            {select('permission', PERMISSIONS.map((permission) => ({ value: permission, label: t(`permissions.${permission}`) })))}
            {select('actingArea', reference('actingAreas'))}
            {select('group', reference('groups'))}
            {select('region', reference('regions'))}
            {select('businessUnit', reference('businessUnits'))}
            {select('hasAccount', yesNo)}
            {select('neverStarted', yesNo)}
            {date('createdFrom')}
            {date('createdTo')}
            {date('lastActiveFrom')}
            {date('lastActiveTo')}
          </SimpleGrid>
        </Collapse>
        <Group justify="space-between">
          <Button variant="subtle" size="compact-sm" onClick={() => setMore(!more)} aria-expanded={more} data-testid="users-more-filters">
            {more ? t('filters.fewer') : t('filters.more')}
          </Button>
          {count > 0 && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setDraft({ q: '', state: '' });
                onClear();
              }}
              data-testid="users-clear-filters"
            >
              {t('filters.clear', { count })}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
