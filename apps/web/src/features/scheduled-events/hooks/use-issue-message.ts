import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';
import type { EventFieldIssue } from '../model/event-form';
import type { QuizIssue } from '../model/quiz-form';

/** A form issue as text: 001 §5's messages (common.validation) with the field's label, and this feature's own rules. */
export const useIssueMessage = (): ((issue: EventFieldIssue | QuizIssue | undefined, field: string) => string | null) => {
  const { t } = useTranslation('scheduledEvents');
  const ruleMessage = useRuleMessage();
  return useCallback(
    (issue, field) => {
      if (!issue) return null;
      switch (issue.rule) {
        case 'afterStart':
          return t('validation.afterStart');
        case 'questionsRequired':
          return t('validation.questionsRequired');
        case 'alternativesRequired':
          return t('validation.alternativesRequired');
        case 'correctRequired':
          return t('validation.correctRequired');
        case 'oneCorrect':
          return t('validation.oneCorrect');
        default:
          return ruleMessage(issue, field);
      }
    },
    [t, ruleMessage],
  );
};
