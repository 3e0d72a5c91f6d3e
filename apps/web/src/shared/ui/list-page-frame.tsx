import type { ReactNode } from 'react';
import { Alert, Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useErrorMessage } from '../i18n/use-error-message';

interface ListPageFrameProps {
  /** test ids: `${testId}-total`, `${testId}-table`, `${testId}-empty` */
  testId: string;
  /** the filter bar's fields, links and buttons, in one wrapping row */
  filters: ReactNode;
  /** the list query: its error, whether it is fetching, and once loaded its total and shown rows */
  list: { isError: boolean; error: unknown; isFetching: boolean; data?: { total: number; items: readonly unknown[] } | undefined };
  /** "N found", in the screen's words */
  totalText: (count: number) => string;
  /** the table's column headings */
  columns: readonly string[];
  /** the table's narrowest width before it scrolls sideways */
  minWidth: number;
  /** the table's rows */
  children: ReactNode;
  /** shown under the table when the list is empty */
  emptyText: string;
  /** under the table: more rows, pages, a dialog */
  footer?: ReactNode;
}

/**
 * A staff list screen's frame (issue 28 item 7, ADR 0089): the filter bar, the list's error, its
 * total, the striped table that scrolls sideways on a phone, the empty line and the footer.
 */
export function ListPageFrame({ testId, filters, list, totalText, columns, minWidth, children, emptyText, footer }: ListPageFrameProps) {
  const toMessage = useErrorMessage();
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          {filters}
        </Group>
      </Paper>
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          {toMessage(list.error)}
        </Alert>
      )}
      {list.data && (
        <Text size="sm" c="dimmed" data-testid={`${testId}-total`} data-total={list.data.total}>
          {totalText(list.data.total)}
        </Text>
      )}
      <ScrollArea>
        <Table striped highlightOnHover verticalSpacing="xs" miw={minWidth} aria-busy={list.isFetching} data-testid={`${testId}-table`}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </ScrollArea>
      {list.data && list.data.items.length === 0 && (
        <Text c="dimmed" ta="center" data-testid={`${testId}-empty`}>
          {emptyText}
        </Text>
      )}
      {footer}
    </Stack>
  );
}
