import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportFilters } from '@portal/reporting/contracts/reports';
import { canEnterManagerArea } from '../../../shared/session/access';
import { useAuthClaims } from '../../../shared/session/use-session';
import { useReportAclTags, useReportCompanies } from '../api/reports';
import { asOfFromLocal, localFromAsOf } from '../model/report-params';

const TEXT_FILTERS = ['country', 'state', 'station', 'userType', 'group'] as const;

/**
 * The filter bar every report shares (issue 16): date range, company (a picker for callers who read
 * every company), country, state, crop or station, ACL tag (the acl-tags-options lookup; a text
 * field when it is not offered: the lookup is the manager area's), user type, group, and "as of" (a
 * past date and time, to the second). Applied together, so a half-typed filter does not fire a
 * request.
 */
export function ReportFilterBar({ filters, canPickCompany, onApply }: { filters: ReportFilters; canPickCompany: boolean; onApply: (filters: ReportFilters) => void }) {
  const { t } = useTranslation('reports');
  const [draft, setDraft] = useState<Record<string, string>>({ ...filters, asOf: localFromAsOf(filters.asOf) });
  const companies = useReportCompanies(canPickCompany);
  const tags = useReportAclTags(canEnterManagerArea(useAuthClaims()));
  const set = (name: string) => (value: string | null) => setDraft((d) => ({ ...d, [name]: value ?? '' }));
  const apply = () => {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(draft)) if (value) out[name] = value;
    const asOf = asOfFromLocal(draft.asOf ?? '');
    if (asOf) out.asOf = asOf;
    else delete out.asOf;
    onApply(out as ReportFilters);
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
      data-testid="report-filters"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <TextInput type="date" label={t('filters.from')} value={draft.from ?? ''} onChange={(e) => set('from')(e.currentTarget.value)} data-testid="report-filter-from" />
        <TextInput type="date" label={t('filters.to')} value={draft.to ?? ''} onChange={(e) => set('to')(e.currentTarget.value)} data-testid="report-filter-to" />
        {canPickCompany && (
          <Select
            label={t('filters.companyId')}
            placeholder={t('filters.allCompanies')}
            clearable
            searchable
            data={(companies.data?.companies ?? []).map((c) => ({ value: c.companyId, label: c.name }))}
            value={draft.companyId || null}
            onChange={set('companyId')}
            data-testid="report-filter-company"
          />
        )}
        {tags.data ? (
          <Select label={t('filters.aclTag')} placeholder={t('filters.any')} clearable searchable data={tags.data} value={draft.aclTag || null} onChange={set('aclTag')} data-testid="report-filter-aclTag" />
        ) : (
          <TextInput label={t('filters.aclTag')} value={draft.aclTag ?? ''} onChange={(e) => set('aclTag')(e.currentTarget.value)} data-testid="report-filter-aclTag" />
        )}
        {TEXT_FILTERS.map((name) => (
          <TextInput key={name} label={t(`filters.${name}`)} value={draft[name] ?? ''} onChange={(e) => set(name)(e.currentTarget.value)} data-testid={`report-filter-${name}`} />
        ))}
        <TextInput type="datetime-local" step={1} label={t('filters.asOf')} description={t('filters.asOfHint')} value={draft.asOf ?? ''} onChange={(e) => set('asOf')(e.currentTarget.value)} data-testid="report-filter-asOf" />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button
          variant="subtle"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
          data-testid="report-clear"
        >
          {t('filters.clear')}
        </Button>
        <Button type="submit" data-testid="report-apply">
          {t('filters.apply')}
        </Button>
      </Group>
    </form>
  );
}
