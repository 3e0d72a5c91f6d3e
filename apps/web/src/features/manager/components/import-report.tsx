import { useState } from 'react';
import { Badge, Button, Group, List, ScrollArea, SegmentedControl, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportAction, ImportRow, ImportRowError, ImportUsersResponse } from '@portal/identity/contracts/user-import.http';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { ApiError } from '../../../shared/api/api-error';
import { fieldLabel, filterRows, IMPORT_ROW_FILTERS, importErrorText, pageOf, shownValue, type ImportRowFilter } from '../model/user-import';

const ACTION_COLORS: Record<ImportAction, string> = { create: 'green', update: 'blue', unchanged: 'gray', invalid: 'red' };

/** The four counts of a preview (to create...) or of an import (created...). */
export function ImportTotals({ report }: { report: ImportUsersResponse }) {
  const { t } = useTranslation('manager');
  const totals = report.totals;
  return (
    <Group gap="xs" data-testid="import-totals">
      {(['create', 'update', 'unchanged', 'invalid'] as const).map((action) => (
        <Badge key={action} size="lg" variant={action === 'invalid' && totals.invalid > 0 ? 'filled' : 'light'} color={ACTION_COLORS[action]} data-testid={`import-total-${action}`} data-count={totals[action]}>
          {report.dryRun ? t(`import.totals.${action}`) : t(`import.resultTotals.${action}`)}: {totals[action].toLocaleString()}
        </Badge>
      ))}
    </Group>
  );
}

/** One row error in words: the field's label and what is wrong with it. */
function useImportErrorMessage(): (error: ImportRowError) => string {
  const { t } = useTranslation('manager');
  const ruleMessage = useRuleMessage();
  const toMessage = useErrorMessage();
  return (error) => {
    const key = fieldLabel(error.field);
    const field = key ? t(`fields.${key}`) : '';
    const text = importErrorText(error);
    switch (text.kind) {
      case 'rule':
        return ruleMessage(text.rule, field) ?? t('import.codes.invalidValue', { field });
      case 'catalogue':
        return `${field ? `${field}: ` : ''}${toMessage(new ApiError({ statusCode: 400, code: text.code }))}`;
      case 'unknownValue':
        return t('import.codes.unknownValue', { field, value: text.value });
      case 'invalidValue':
        return text.value ? t('import.codes.invalidValueNamed', { field, value: text.value }) : t('import.codes.invalidValue', { field });
      case 'duplicate':
        return t('import.codes.duplicate', { field, line: text.line });
      case 'notHeld':
        return t('import.codes.notHeld', { field, value: text.value });
      case 'needs':
        return t('import.codes.needs', { field, value: text.value, permission: t(`permissions.${text.permission}`) });
      case 'ownAccess':
        return t('import.codes.ownAccess');
      default: {
        const unreachable: never = text;
        return unreachable;
      }
    }
  };
}

/**
 * The report's rows, a page at a time, filtered by what each does; a row with errors is
 * highlighted and lists each error in words, an update names the fields it changes.
 */
export function ImportRowsTable({ report }: { report: ImportUsersResponse }) {
  const { t } = useTranslation('manager');
  const errorMessage = useImportErrorMessage();
  const [filter, setFilter] = useState<ImportRowFilter>(report.totals.invalid > 0 ? 'invalid' : 'all');
  const [page, setPage] = useState(1);
  const shown = pageOf(filterRows(report.rows, filter), page);
  const value = (row: ImportRow, field: 'name') => {
    const v = shownValue(row.values[field]);
    return typeof v === 'boolean' ? t(v ? 'import.yes' : 'import.no') : (v ?? '');
  };
  const fieldNames = (fields: readonly string[]) => fields.map((f) => t(`fields.${fieldLabel(f) ?? 'email'}`)).join(', ');

  return (
    <>
      <SegmentedControl
        value={filter}
        onChange={(next) => {
          setFilter(next as ImportRowFilter);
          setPage(1);
        }}
        data={IMPORT_ROW_FILTERS.map((f) => ({ value: f, label: `${t(`import.filters.${f}`)}${f === 'all' ? ` (${report.totals.rows})` : ` (${report.totals[f]})`}` }))}
        data-testid="import-filter"
      />
      <ScrollArea>
        <Table verticalSpacing="xs" miw={760} data-testid="import-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{t('import.columns.line')}</Table.Th>
              <Table.Th>{t('import.columns.email')}</Table.Th>
              <Table.Th>{t('import.columns.name')}</Table.Th>
              <Table.Th w={130}>{t('import.columns.action')}</Table.Th>
              <Table.Th>{t('import.columns.details')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.rows.map((row) => (
              <Table.Tr
                key={row.line}
                bg={row.action === 'invalid' ? 'var(--mantine-color-red-light)' : undefined}
                data-testid="import-row"
                data-line={row.line}
                data-action={row.action}
                data-email={row.email ?? ''}
              >
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>
                  <Text size="sm">{row.email ?? ''}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{value(row, 'name')}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={ACTION_COLORS[row.action]} variant="light">
                    {t(`import.actions.${row.action}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {row.errors.length > 0 && (
                    <List size="sm" c="red.8" spacing={2} data-testid="import-row-errors">
                      {row.errors.map((error, i) => (
                        <List.Item key={i}>{errorMessage(error)}</List.Item>
                      ))}
                    </List>
                  )}
                  {row.changes.length > 0 && (
                    <Text size="sm" c="dimmed">
                      {t('import.changes', { fields: fieldNames(row.changes) })}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {shown.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed" ta="center">
                    {t('import.noRows')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {shown.pages > 1 && (
        <Group justify="center" gap="md">
          <Button variant="default" disabled={shown.page === 1} onClick={() => setPage(shown.page - 1)}>
            {t('import.previous')}
          </Button>
          <Text size="sm">{t('import.page', { page: shown.page, pages: shown.pages })}</Text>
          <Button variant="default" disabled={shown.page === shown.pages} onClick={() => setPage(shown.page + 1)}>
            {t('import.next')}
          </Button>
        </Group>
      )}
    </>
  );
}
