import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, FileInput, Group, List, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EVENT_IMPORT_MAX_BYTES, EVENT_IMPORT_MAX_ROWS, type EventImportRowError } from '@portal/events/contracts/imports.http';
import { LOCALES, type Locale } from '@portal/kernel';
import { ApiError } from '../../../shared/api/api-error';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { PageShell } from '../../../shared/ui/page-shell';
import { useEventImport, type EventImportRequest } from '../api/imports';
import { fileProblem, importErrorText, importTemplate, rowsPage, templateFileName, type ImportKind } from '../model/imports';
import { eventPaths } from '../model/paths';

/** What both imports answer, as the screen shows it. */
export interface ImportReport<R extends ImportReportRow> {
  dryRun: boolean;
  columns: { header: string; field: string | null }[];
  totals: Record<string, number> & { rows: number; invalid: number };
  rows: R[];
}
export interface ImportReportRow {
  line: number;
  action: string;
  errors: EventImportRowError[];
}

const COLORS: Record<string, string> = { create: 'green', enrol: 'green', update: 'blue', waitlist: 'yellow', unchanged: 'gray', invalid: 'red' };

const downloadTemplate = (kind: ImportKind, lang: Locale) => {
  const url = URL.createObjectURL(new Blob([importTemplate(kind, lang)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = templateFileName(kind, lang);
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** One row error in words: the column's label and what is wrong with it. */
function useRowError(): (error: EventImportRowError) => string {
  const { t } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  return (error) => {
    const field = error.field === 'row' ? '' : t(`imports.fields.${error.field}`, { defaultValue: t(`fields.${error.field}`, { defaultValue: error.field }) });
    const text = importErrorText(error);
    switch (text.kind) {
      case 'rule':
        return t(`imports.codes.${text.rule as 'required'}`, { field, limit: text.limit });
      case 'duplicate':
        return t('imports.codes.duplicate', { field, line: text.line });
      case 'invalidValue':
        return text.value ? t('imports.codes.invalidValueNamed', { field, value: text.value }) : t('imports.codes.invalidValue', { field });
      case 'format':
        return t(`imports.codes.format.${text.format}`, { field });
      case 'catalogue':
        return `${field ? `${field}: ` : ''}${toMessage(new ApiError({ statusCode: 400, code: text.code }))}${error.value ? ` (${error.value})` : ''}`;
      default: {
        const unreachable: never = text;
        return unreachable;
      }
    }
  };
}

/**
 * The two import screens (ADR 0062): a file (CSV or XLSX) and the template in each language,
 * "check" sends it as a dry run and shows every row (those with errors first, each error in
 * words), "import" sends the same file again and shows what was done. Nothing is written until
 * the import; a second import of the same file changes nothing.
 */
export function ImportScreen<R extends ImportReportRow>({
  kind,
  run,
  options,
  rowCells,
  headers,
  actions,
}: {
  kind: ImportKind;
  run: (request: EventImportRequest) => Promise<ImportReport<R>>;
  /** more inputs (the users import's event) and their part of the request */
  options?: { node: ReactNode; request: Partial<EventImportRequest> };
  /** the row's own cells after its line */
  rowCells: (row: R) => ReactNode[];
  headers: string[];
  actions: readonly string[];
}) {
  const { t, i18n } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const rowError = useRowError();
  const lang = (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'pt-BR';
  const mutation = useEventImport(kind, run);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportReport<R> | null>(null);
  const [result, setResult] = useState<ImportReport<R> | null>(null);
  const [page, setPage] = useState(1);
  const reset = () => {
    setPreview(null);
    setResult(null);
    setPage(1);
    mutation.reset();
  };
  const submit = (dryRun: boolean) => {
    if (!file) return;
    mutation.mutate({ file, dryRun, ...options?.request }, { onSuccess: (answer) => (answer.dryRun ? setPreview(answer) : setResult(answer)) });
  };
  const report = result ?? preview;
  const importable = report ? report.totals.rows - report.totals.invalid - (report.totals.unchanged ?? 0) : 0;
  const tooBig = file !== null && file.size > EVENT_IMPORT_MAX_BYTES;
  const problem = mutation.error ? fileProblem(mutation.error) : null;
  const shown = report ? rowsPage(report.rows, page) : null;
  const ignored = report?.columns.filter((c) => c.field === null).map((c) => c.header) ?? [];

  return (
    <PageShell size="xl">
      <Stack gap="md">
        <Anchor component={Link} to={eventPaths.list} size="sm">
          ← {t('nav.events')}
        </Anchor>
        <Stack gap={4}>
          <Title order={1} size="h2" c="brand" data-testid="import-title">
            {t(`imports.${kind}.title`)}
          </Title>
          <Text c="dimmed" size="sm">
            {t(`imports.${kind}.intro`)}
          </Text>
        </Stack>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            {options?.node}
            <FileInput
              label={t('imports.file')}
              placeholder={t('imports.filePlaceholder')}
              description={t('imports.fileHint', { rows: EVENT_IMPORT_MAX_ROWS.toLocaleString(i18n.language), size: EVENT_IMPORT_MAX_BYTES / 1024 / 1024 })}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              clearable
              value={file}
              onChange={(next) => {
                setFile(next);
                reset();
              }}
              error={tooBig ? t('imports.fileErrors.tooLarge') : undefined}
              data-testid="import-file"
            />
            <Group justify="space-between">
              <Button variant="default" onClick={() => downloadTemplate(kind, lang)} data-testid="import-template">
                {t('imports.template')}
              </Button>
              <Button onClick={() => submit(true)} disabled={!file || tooBig || result !== null} loading={mutation.isPending && mutation.variables?.dryRun === true} data-testid="import-check">
                {t('imports.check')}
              </Button>
            </Group>
            <List size="sm" c="dimmed" spacing={2}>
              {(kind === 'events' ? (['columns', 'idempotent', 'values'] as const) : (['columns', 'idempotent', 'seats'] as const)).map((key) => (
                <List.Item key={key}>{t(`imports.${kind}.help.${key as 'columns'}`)}</List.Item>
              ))}
            </List>
          </Stack>
        </Paper>
        {mutation.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="import-error">
            {problem ? t(`imports.fileErrors.${problem}`) : toMessage(mutation.error)}
          </Alert>
        )}
        {report && shown && (
          <Stack gap="sm" data-testid={result ? 'import-result' : 'import-preview'}>
            <Title order={2} size="h4">
              {result ? t('imports.resultTitle') : t('imports.previewTitle')}
            </Title>
            <Group gap="xs" data-testid="import-totals">
              {actions.map((action) => (
                <Badge key={action} size="lg" color={COLORS[action]} variant={action === 'invalid' && report.totals.invalid > 0 ? 'filled' : 'light'} data-testid={`import-total-${action}`} data-count={report.totals[action]}>
                  {t(`imports.${report.dryRun ? 'totals' : 'done'}.${action as 'invalid'}`)}: {report.totals[action] ?? 0}
                </Badge>
              ))}
            </Group>
            {ignored.length > 0 && (
              <Alert color="yellow" variant="light" data-testid="import-ignored">
                {t('imports.ignoredColumns', { columns: ignored.join(', ') })}
              </Alert>
            )}
            <Group justify="flex-end">
              {result ? (
                <Button
                  variant="default"
                  onClick={() => {
                    setFile(null);
                    reset();
                  }}
                  data-testid="import-another"
                >
                  {t('imports.another')}
                </Button>
              ) : (
                <Button onClick={() => submit(false)} disabled={importable <= 0} loading={mutation.isPending && mutation.variables?.dryRun === false} data-testid="import-run">
                  {t('imports.run', { count: Math.max(0, importable) })}
                </Button>
              )}
            </Group>
            <ScrollArea>
              <Table verticalSpacing="xs" miw={760} data-testid="import-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={70}>{t('imports.line')}</Table.Th>
                    {headers.map((h) => (
                      <Table.Th key={h}>{h}</Table.Th>
                    ))}
                    <Table.Th w={130}>{t('imports.action')}</Table.Th>
                    <Table.Th>{t('imports.details')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.rows.map((row) => (
                    <Table.Tr key={row.line} bg={row.action === 'invalid' ? 'var(--mantine-color-red-light)' : undefined} data-testid="import-row" data-line={row.line} data-action={row.action}>
                      <Table.Td>{row.line}</Table.Td>
                      {rowCells(row).map((cell, i) => (
                        <Table.Td key={i}>{cell}</Table.Td>
                      ))}
                      <Table.Td>
                        <Badge color={COLORS[row.action]} variant="light">
                          {t(`imports.actions.${row.action as 'invalid'}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {row.errors.length > 0 && (
                          <List size="sm" c="red.8" spacing={2} data-testid="import-row-errors">
                            {row.errors.map((error, i) => (
                              <List.Item key={i}>{rowError(error)}</List.Item>
                            ))}
                          </List>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            {shown.pages > 1 && (
              <Group justify="center" gap="md">
                <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('imports.previous')}
                </Button>
                <Text size="sm">{t('imports.page', { page, pages: shown.pages })}</Text>
                <Button variant="default" disabled={page >= shown.pages} onClick={() => setPage(page + 1)}>
                  {t('imports.next')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </PageShell>
  );
}
