import { useState } from 'react';
import { Button, CloseButton, Dialog, Group, Rating, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setShellState, useShellState } from './shell/shell-store';

/**
 * The feedback prompt of 000 §2.10: a small non-modal dialog asking for a 1-5 score. A
 * feature asks for it through `requestFeedback` (the learning screens after a station is
 * completed, for example) and saves the score itself; a failure is silent (000 §8).
 */
export interface FeedbackRequest {
  /** what is rated, shown in the prompt */
  subject: string;
  onRate: (score: number) => Promise<void> | void;
}

let pending: FeedbackRequest | null = null;

export const requestFeedback = (request: FeedbackRequest): void => {
  pending = request;
  setShellState({ feedbackOpen: true });
};

export const dismissFeedback = (): void => {
  pending = null;
  setShellState({ feedbackOpen: false });
};

export function FeedbackPrompt() {
  const { t } = useTranslation('shell');
  const opened = useShellState((s) => s.feedbackOpen);
  const [score, setScore] = useState(0);
  const request = pending;

  const send = async () => {
    const current = request;
    dismissFeedback();
    setScore(0);
    try {
      await current?.onRate(score);
    } catch (error) {
      console.warn('Feedback not saved', error);
    }
  };

  return (
    <Dialog opened={opened && request !== null} position={{ bottom: 20, right: 20 }} size="md" radius="md" withBorder shadow="md" aria-labelledby="feedback-prompt-title">
      <Stack gap="sm" data-testid="feedback-prompt">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} id="feedback-prompt-title">
            {t('feedback.title', { subject: request?.subject ?? '' })}
          </Text>
          <CloseButton onClick={dismissFeedback} aria-label={t('feedback.dismiss')} />
        </Group>
        <Rating value={score} onChange={setScore} size="lg" aria-label={t('feedback.scoreLabel')} />
        <Group justify="flex-end">
          <Button size="xs" onClick={() => void send()} disabled={score === 0} data-testid="feedback-send">
            {t('feedback.send')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
