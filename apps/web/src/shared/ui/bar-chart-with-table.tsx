import '@mantine/charts/styles.css';
import { BarChart, type BarChartProps } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';

export interface BarSeries<Key extends string> {
  name: Key;
  label: string;
  color: string;
}

/**
 * A bar chart for the eye and the same figures as a table for screen readers (the chart is hidden
 * from them): one row per category, one column per series, with headers. Imported by file, never
 * through a barrel: the chart library loads with the screens that draw one (ADR 0013).
 */
export function BarChartWithTable<Key extends string, Row extends { category: string } & Record<Key, number>>({
  rows,
  categoryLabel,
  series,
  height,
  tableTestId,
  valueFormatter,
  legendProps,
}: {
  rows: readonly Row[];
  /** the header of the category column (a week, a company) */
  categoryLabel: string;
  series: readonly BarSeries<Key>[];
  height: number;
  tableTestId?: string;
  valueFormatter?: (value: number) => string;
  legendProps?: BarChartProps['legendProps'];
}) {
  const format = valueFormatter ?? String;
  return (
    <>
      <div aria-hidden="true">
        <BarChart
          h={height}
          data={rows as unknown as Record<string, unknown>[]}
          dataKey="category"
          withLegend
          {...(legendProps ? { legendProps } : {})}
          {...(valueFormatter ? { valueFormatter } : {})}
          series={series.map((s) => ({ name: s.name, label: s.label, color: s.color }))}
        />
      </div>
      <VisuallyHidden>
        <Table {...(tableTestId ? { 'data-testid': tableTestId } : {})}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{categoryLabel}</Table.Th>
              {series.map((s) => (
                <Table.Th key={s.name}>{s.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.category}>
                <Table.Td>{r.category}</Table.Td>
                {series.map((s) => (
                  <Table.Td key={s.name}>{format(r[s.name])}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
