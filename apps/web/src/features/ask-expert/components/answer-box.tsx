import { useState } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EXPERT_RESPONSE_MAX, type ExpertQuestionView } from '@portal/engagement/contracts/http';
import { useTranslation } from 'react-i18next';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useAnswerQuestion, useClaimQuestion } from '../api/ask-expert';
import { validateResponse } from '../model/ask-expert';

/** The expert's answer form under an open question: take it (others see who is answering), write, send once. */
export function AnswerBox({ question, myUserId }: { question: ExpertQuestionView; myUserId: string | null }) {
  const { t } = useTranslation('ask-expert');
  const ruleMessage = useRuleMessage();
  const toMessage = useErrorMessage();
  const claim = useClaimQuestion();
  const answer = useAnswerQuestion();
  const [response, setResponse] = useState('');
  const [touched, setTouched] = useState(false);
  const issue = validateResponse(response);
  const fail = (e: unknown) => notifications.show({ color: 'red', message: toMessage(e) });

  const send = () => {
    setTouched(true);
    if (issue) return;
    answer.mutate(
      { questionId: question.questionId, response },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('queue.answered') });
          setResponse('');
        },
        onError: fail,
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="answer-box">
      <Textarea
        label={t('fields.response')}
        value={response}
        onChange={(e) => setResponse(e.currentTarget.value)}
        error={touched ? ruleMessage(issue, t('fields.response')) : null}
        autosize
        minRows={3}
        maxLength={EXPERT_RESPONSE_MAX}
        data-testid="answer-response"
      />
      <Group gap="sm">
        <Button onClick={send} loading={answer.isPending} data-testid="answer-send">
          {t('queue.send')}
        </Button>
        {question.claimedBy !== myUserId && (
          <Button variant="light" onClick={() => claim.mutate(question.questionId, { onError: fail })} loading={claim.isPending} data-testid="answer-claim">
            {t('queue.claim')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
