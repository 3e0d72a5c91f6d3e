import { defineReport, h, learnerFields } from '../report-definition.js';

export const EXPERT_QUESTION_STATUSES = ['open', 'claimed', 'answered', 'withdrawn'] as const;
export type ExpertQuestionStatus = (typeof EXPERT_QUESTION_STATUSES)[number];

/** One question to the experts (001 §3 ask-expert item): theme and sub-theme in the reader's locale, phone, title, question, the response, who answered and when, where it stands. */
export const expertQuestionsReport = defineReport({
  name: 'expert-questions',
  title: h('Pergunte ao especialista', 'Pregunte al experto', 'Ask the expert'),
  summary: 'Ask the expert report (001 §2 expert-ask-question): questions, responses, who answered and when',
  access: 'reports',
  defaultSort: 'askedAt',
  fields: [
    { key: 'questionId', kind: 'text' },
    ...learnerFields,
    { key: 'theme', header: h('Tema', 'Tema', 'Theme'), kind: 'text', sortable: true },
    { key: 'subTheme', header: h('Subtema', 'Subtema', 'Sub-theme'), kind: 'text', sortable: true },
    { key: 'phone', header: h('Telefone', 'Teléfono', 'Phone'), kind: 'text', sortable: true },
    { key: 'title', header: h('Título', 'Título', 'Title'), kind: 'text', sortable: true },
    { key: 'question', header: h('Pergunta', 'Pregunta', 'Question'), kind: 'text' },
    { key: 'response', header: h('Resposta', 'Respuesta', 'Response'), kind: 'text', nullable: true },
    { key: 'answeredBy', header: h('Respondida por', 'Respondida por', 'Answered by'), kind: 'text', nullable: true, sortable: true },
    { key: 'askedAt', header: h('Perguntada em', 'Preguntada el', 'Asked at'), kind: 'datetime', sortable: true },
    { key: 'answeredAt', header: h('Respondida em', 'Respondida el', 'Answered at'), kind: 'datetime', nullable: true, sortable: true },
    {
      key: 'status',
      header: h('Situação', 'Estado', 'Status'),
      kind: 'text',
      codes: EXPERT_QUESTION_STATUSES,
      sortable: true,
      // the words of the ask-the-expert screens (claimed: an expert took it and is answering)
      values: {
        open: h('Aguardando', 'En espera', 'Waiting'),
        claimed: h('Sendo respondida', 'Siendo respondida', 'Being answered'),
        answered: h('Respondida', 'Respondida', 'Answered'),
        withdrawn: h('Retirada', 'Retirada', 'Withdrawn'),
      },
    },
  ],
});
