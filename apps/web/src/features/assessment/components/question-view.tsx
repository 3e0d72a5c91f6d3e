import { Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuestionView } from '@portal/assessment/contracts/http';
import type { Locale } from '@portal/kernel';
import { CheckIcon, CrossIcon } from '../../../shared/ui/icons';
import { pickText } from '../../../shared/ui/shell/localized';
import type { ShownResult } from '../model/overlay-machine';
import { displayScore, scoreTextKey } from '../model/score-format';
import { Notice } from './notice';

interface OptionsProps {
  question: QuestionView;
  locale: Locale;
  chosen: string | undefined;
  disabled: boolean;
  onChoose: (answerId: string) => void;
  /** the correct options to mark, when the server shows them */
  correctAnswerIds: readonly string[] | null;
  testId: string;
}

/** A question as a radio group: its label is the group's legend, enunciations its description. */
export function QuestionOptions({ question, locale, chosen, disabled, onChoose, correctAnswerIds, testId }: OptionsProps) {
  const { t } = useTranslation('assessment');
  const options = [...question.options].sort((a, b) => a.displayOrder - b.displayOrder);
  const marks = correctAnswerIds !== null && !question.hideResult;
  const description = question.enunciations.map((e) => pickText(e, locale)).filter((e) => e.length > 0);
  return (
    <Radio.Group
      value={chosen ?? null}
      onChange={onChoose}
      label={<Text fw={600}>{pickText(question.label, locale)}</Text>}
      description={description.length > 0 ? description.map((line) => <Text key={line} size="sm">{line}</Text>) : undefined}
      data-testid={testId}
      data-question-id={question.questionId}
    >
      <Stack gap="xs" mt="sm">
        {options.map((option) => {
          const isCorrect = marks && correctAnswerIds.includes(option.id);
          const wrongPick = marks && !isCorrect && chosen === option.id;
          const label = question.showOptionPrefix && option.prefix ? `${option.prefix}) ${pickText(option.label, locale)}` : pickText(option.label, locale);
          return (
            <Radio
              key={option.id}
              value={option.id}
              disabled={disabled}
              data-testid={`option-${option.id}`}
              data-correct={marks ? String(isCorrect) : undefined}
              label={
                <Group gap={6} wrap="nowrap" component="span">
                  <span>{label}</span>
                  {isCorrect && (
                    <Text component="span" c="green.8" display="inline-flex" role="img" aria-label={t('overlay.correctOption')}>
                      <CheckIcon />
                    </Text>
                  )}
                  {wrongPick && (
                    <Text component="span" c="red.8" display="inline-flex" role="img" aria-label={t('overlay.wrongOption')}>
                      <CrossIcon />
                    </Text>
                  )}
                </Group>
              }
            />
          );
        })}
      </Stack>
    </Radio.Group>
  );
}

/** The result on screen after an answer (000 §4.4): correct or incorrect, with the points. */
export function AnswerResultNotice({ shown, hideResult }: { shown: ShownResult; hideResult: boolean }) {
  const { t } = useTranslation('assessment');
  const points = displayScore(shown.points);
  if (hideResult) {
    return (
      <Notice tone="blue" data-testid="answer-result" data-result="recorded">
        {t('overlay.recorded')}
      </Notice>
    );
  }
  const correct = shown.result === 'correct';
  return (
    <Notice tone={correct ? 'green' : 'red'} role="status" data-testid="answer-result" data-result={shown.result} title={correct ? t('overlay.resultCorrect') : t('overlay.resultIncorrect')}>
      {t(scoreTextKey(points), { points })}
    </Notice>
  );
}
