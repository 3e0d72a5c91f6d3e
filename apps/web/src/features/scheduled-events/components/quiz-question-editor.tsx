import { ActionIcon, Button, Checkbox, Group, NativeSelect, NumberInput, Paper, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES } from '@portal/events/contracts/http';
import { LOCALES } from '@portal/kernel';
import { newAlternative, withCorrect, withType, type QuestionType, type QuestionValues, type QuizFormValues } from '../model/quiz-form';

interface Props {
  form: UseFormReturnType<QuizFormValues>;
  index: number;
  readOnly: boolean;
  onRemove: () => void;
}

/** One question of the quiz editor (001 §3): type, language, text; open with the score staff may give, or alternatives with prefix, text, correct flag and score. */
export function QuizQuestionEditor({ form, index, readOnly, onRemove }: Props) {
  const { t } = useTranslation('scheduledEvents');
  const at = `questions.${index}` as const;
  const question = form.getValues().questions[index]!;
  const set = (next: QuestionValues) => form.setFieldValue(at, next);
  const altError = form.errors[`${at}.alternatives`];

  return (
    <Paper withBorder radius="md" p="md" data-testid={`question-${index}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Text fw={700}>{t('quiz.questionN', { n: index + 1 })}</Text>
          {!readOnly && (
            <ActionIcon variant="subtle" color="red" aria-label={t('quiz.removeQuestion', { n: index + 1 })} onClick={onRemove} data-testid={`question-${index}-remove`}>
              ×
            </ActionIcon>
          )}
        </Group>
        <Group grow align="flex-start">
          <NativeSelect
            label={t('quiz.type')}
            value={question.type}
            disabled={readOnly}
            onChange={(e) => set(withType(question, e.currentTarget.value as QuestionType))}
            data={QUESTION_TYPES.map((type) => ({ value: type, label: t(`quiz.types.${type}`) }))}
            data-testid={`question-${index}-type`}
          />
          <NativeSelect
            label={t('quiz.language')}
            disabled={readOnly}
            data={LOCALES.map((l) => ({ value: l, label: t(`quiz.languages.${l}`) }))}
            data-testid={`question-${index}-language`}
            {...form.getInputProps(`${at}.language`)}
          />
        </Group>
        <Textarea label={t('quiz.questionText')} required autosize minRows={2} readOnly={readOnly} data-testid={`question-${index}-description`} {...form.getInputProps(`${at}.description`)} />
        {question.type === 'open' ? (
          <NumberInput label={t('quiz.openScore')} description={t('quiz.openScoreHint')} min={0} max={1000} w={200} readOnly={readOnly} data-testid={`question-${index}-score`} {...form.getInputProps(`${at}.score`)} />
        ) : (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {question.type === 'single' ? t('quiz.alternativesSingle') : t('quiz.alternativesMultiple')}
            </Text>
            {typeof altError === 'string' && (
              <Text size="xs" c="red" role="alert">
                {altError}
              </Text>
            )}
            <Radio.Group value={String(question.alternatives.findIndex((a) => a.correct))} onChange={(v) => set(withCorrect(question, Number(v), true))}>
              <Stack gap="xs">
                {question.alternatives.map((_, ai) => (
                  <Group key={ai} gap="xs" align="flex-start" wrap="nowrap" data-testid={`question-${index}-alt-${ai}`}>
                    {question.type === 'single' ? (
                      <Radio value={String(ai)} mt={30} disabled={readOnly} aria-label={t('quiz.correct')} data-testid={`question-${index}-alt-${ai}-correct`} />
                    ) : (
                      <Checkbox
                        mt={30}
                        disabled={readOnly}
                        aria-label={t('quiz.correct')}
                        checked={question.alternatives[ai]!.correct}
                        onChange={(e) => set(withCorrect(question, ai, e.currentTarget.checked))}
                        data-testid={`question-${index}-alt-${ai}-correct`}
                      />
                    )}
                    <TextInput label={t('quiz.prefix')} w={70} readOnly={readOnly} {...form.getInputProps(`${at}.alternatives.${ai}.prefix`)} />
                    <TextInput label={t('quiz.alternative')} required style={{ flex: 1 }} readOnly={readOnly} data-testid={`question-${index}-alt-${ai}-description`} {...form.getInputProps(`${at}.alternatives.${ai}.description`)} />
                    <NumberInput label={t('quiz.score')} min={0} max={1000} w={90} readOnly={readOnly} data-testid={`question-${index}-alt-${ai}-score`} {...form.getInputProps(`${at}.alternatives.${ai}.score`)} />
                    {!readOnly && question.alternatives.length > 2 && (
                      <ActionIcon mt={28} variant="subtle" color="red" aria-label={t('quiz.removeAlternative')} onClick={() => form.removeListItem(`${at}.alternatives`, ai)}>
                        ×
                      </ActionIcon>
                    )}
                  </Group>
                ))}
              </Stack>
            </Radio.Group>
            {!readOnly && question.alternatives.length < 20 && (
              <div>
                <Button variant="subtle" size="compact-sm" onClick={() => form.insertListItem(`${at}.alternatives`, newAlternative(question.alternatives.length))} data-testid={`question-${index}-add-alt`}>
                  {t('quiz.addAlternative')}
                </Button>
              </div>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
