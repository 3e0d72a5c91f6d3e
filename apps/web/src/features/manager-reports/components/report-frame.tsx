import { Alert, Button, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Locale } from '@portal/kernel';
import { REPORTS, type ReportFilters, type ReportFormat, type ReportName } from '@portal/reporting/contracts/reports';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { downloadReport, useReportPage } from '../api/reports';
import { EXPORT_FORMATS, reportParamsOf, reportSearchOf, sortedBy, type ReportParams } from '../model/report-params';
import { ReportFilterBar } from './report-filters';
import { ReportTable } from './report-table';

/**
 * The frame every report screen shares (ADR 0070): title, filter bar, "as of" notice, an optional
 * chart, the server-sorted and paged table with its total, CSV and XLSX export of the whole
 * filtered report, a skeleton while the first page loads, an empty state and an error state. The
 * filters, sort and page live in the URL.
 */
export function ReportFrame({ report, canPickCompany, chart }: { report: ReportName; canPickCompany: boolean; chart?: (filters: ReportFilters) => ReactNode }) {
  const { t, i18n } = useTranslation('reports');
  const lang = i18n.language as Locale;
  const errorMessage = useErrorMessage();
  const [search, setSearch] = useSearchParams();
  const params = reportParamsOf(search);
  const { columns, defaultSort, title } = REPORTS[report];
  const page = useReportPage(report, params, lang);
  const [exporting, setExporting] = useState<ReportFormat | null>(null);
  // from the address as it is when the user acts, not as it was at the last render: a sort clicked
  // right after applying filters keeps them (the router changes the address before the screen re-renders)
  const go = (next: (current: ReportParams) => ReportParams) => setSearch(reportSearchOf(next(reportParamsOf(new URLSearchParams(window.location.search)))));
  const data = page.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const exportAs = async (format: ReportFormat) => {
    setExporting(format);
    try {
      const name = await downloadReport(report, format, params, lang);
      notifications.show({ message: t('exported', { name }), color: 'teal' });
    } catch (error) {
      notifications.show({ message: errorMessage(error), color: 'red' });
    } finally {
      setExporting(null);
    }
  };

  return (
    <Stack gap="md" data-testid={`report-${report}`}>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{title[lang] ?? title.en}</Title>
        <Group gap="xs">
          {EXPORT_FORMATS.map((format) => (
            <Button key={format} variant="light" loading={exporting === format} disabled={exporting !== null} onClick={() => void exportAs(format)} data-testid={`report-export-${format}`}>
              {t(`export.${format}`)}
            </Button>
          ))}
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md">
        <ReportFilterBar key={search.toString()} filters={params.filters} canPickCompany={canPickCompany} onApply={(filters) => go((current) => ({ ...current, filters, page: 1 }))} />
      </Paper>
      {params.filters.asOf && (
        <Alert color="yellow" data-testid="report-as-of">
          {t('asOfNotice', { date: new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(params.filters.asOf)) })}
        </Alert>
      )}
      {chart?.(params.filters)}
      {page.isError ? (
        <Alert color="red" title={t('error')} data-testid="report-error">
          {errorMessage(page.error)}
        </Alert>
      ) : !data ? (
        <Stack gap="xs" data-testid="report-loading">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={28} />
          ))}
        </Stack>
      ) : data.total === 0 ? (
        <Text c="dimmed" data-testid="report-empty">
          {t('empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="report-total">
            {t('total', { count: data.total })}
          </Text>
          <ReportTable
            columns={columns}
            rows={data.rows as Record<string, unknown>[]}
            sort={params.sort ?? defaultSort}
            dir={params.dir ?? 'desc'}
            onSort={(column) => go((current) => sortedBy(current, column, defaultSort))}
          />
          {pages > 1 && <Pagination value={data.page} total={pages} onChange={(p) => go((current) => ({ ...current, page: p }))} data-testid="report-pages" />}
        </>
      )}
    </Stack>
  );
}
