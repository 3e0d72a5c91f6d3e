import { Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@portal/kernel';
import { reportCellLabel, type ReportColumn } from '@portal/reporting/contracts/reports';
import { personalText, useErasedWord } from '../../../shared/ui/erased';

/** A cell as the reader's locale writes it. */
function cellText(column: ReportColumn, value: unknown, lang: Locale, yes: string, no: string, erased: string): string {
  if (value === null || value === undefined) return '';
  if (column.kind === 'boolean') return value ? yes : no;
  if (column.kind === 'number') return new Intl.NumberFormat(lang).format(Number(value));
  if (column.kind === 'datetime') return new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(String(value)));
  // an erased learner's e-mail or free text (their name is already "erased user #n", ADR 0091)
  return personalText(reportCellLabel(column, String(value), lang), erased);
}

/** The report's rows; sortable headers are buttons (the server sorts), with aria-sort on the sorted one. */
export function ReportTable({
  columns,
  rows,
  sort,
  dir,
  onSort,
}: {
  columns: readonly ReportColumn[];
  rows: readonly Record<string, unknown>[];
  sort: string;
  dir: 'asc' | 'desc';
  onSort: (column: string) => void;
}) {
  const { t, i18n } = useTranslation('reports');
  const lang = i18n.language as Locale;
  const erased = useErasedWord();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover data-testid="report-table">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} aria-sort={c.key === sort ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                {c.sortable ? (
                  <UnstyledButton onClick={() => onSort(c.key)} data-testid={`report-sort-${c.key}`} fw={700} fz="sm">
                    {c.header[lang] ?? c.header.en}
                    {c.key === sort ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}
                  </UnstyledButton>
                ) : (
                  <Text fw={700} fz="sm">
                    {c.header[lang] ?? c.header.en}
                  </Text>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={i} data-testid="report-row">
              {columns.map((c) => (
                <Table.Td key={c.key}>{cellText(c, row[c.key], lang, t('yes'), t('no'), erased)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
