/** 000 §8 lock messages (translation keys) of a locked certificate, by why it is locked. */
export const LOCK_KEYS = { incompleteContent: 'lockState.incompleteContentMessage', incompleteQuestions: 'lockState.incompleteQuestionsMessage' } as const;
