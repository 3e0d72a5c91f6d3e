import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScoreDetail } from '@portal/scoring/contracts/http';
import { asLocale, pickText } from '../../../shared/ui/shell/localized';
import type { ScoresResponse } from '../api/scores';
import { displayScore, scoreColumns, type ScoreColumn } from '../model/score-format';

/** The columns in the order the table shows them: the first five add up to the total. */
export const SCORE_FIELDS = ['questionsScore', 'videosScore', 'videosAnswersScore', 'npsScore', 'otherAnswersScore', 'total'] as const satisfies readonly ScoreColumn[];

/** Score detail per crop and the total across crops (with the NPS base), one row each. */
export function ScoreTable({ scores }: { scores: ScoresResponse }) {
  const { t, i18n } = useTranslation('assessment');
  const locale = asLocale(i18n.language);
  const row = (key: string, label: string, detail: ScoreDetail, total = false) => {
    const columns = scoreColumns(detail);
    return (
      <Table.Tr key={key} data-testid={`score-row-${key}`} fw={total ? 700 : undefined}>
        <Table.Th scope="row">{label}</Table.Th>
        {SCORE_FIELDS.map((field) => (
          <Table.Td key={field} data-field={field} ta="right">
            {displayScore(columns[field])}
          </Table.Td>
        ))}
      </Table.Tr>
    );
  };
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder data-testid="score-table">
        <Table.Caption>{t('scores.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('scores.crop')}</Table.Th>
            {SCORE_FIELDS.map((field) => (
              <Table.Th key={field} scope="col" ta="right">
                {t(`scores.fields.${field}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {scores.crops.map((crop) => row(crop.cropId, pickText(crop.title, locale) || crop.cropId, crop))}
          {row('total', t('scores.total'), scores.total, true)}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
