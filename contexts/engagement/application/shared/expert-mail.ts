import type { Locale } from '@portal/kernel';

/** The mail a learner gets when an expert answers (ADR 0072), in the language they asked in. */
export const EXPERT_ANSWER_MAIL: Record<Locale, { subject: (title: string) => string; hello: string; intro: (expert: string) => string; question: string; answer: string; page: string; signature: (product: string) => string }> = {
  'pt-BR': {
    subject: (title) => `Sua pergunta foi respondida: ${title}`,
    hello: 'Olá,',
    intro: (expert) => `${expert} respondeu à sua pergunta no Pergunte ao especialista.`,
    question: 'Sua pergunta',
    answer: 'Resposta',
    page: 'Veja todas as suas perguntas e respostas:',
    signature: (product) => `Equipe ${product}`,
  },
  es: {
    subject: (title) => `Tu pregunta fue respondida: ${title}`,
    hello: 'Hola,',
    intro: (expert) => `${expert} respondió tu pregunta en Pregunta al experto.`,
    question: 'Tu pregunta',
    answer: 'Respuesta',
    page: 'Mira todas tus preguntas y respuestas:',
    signature: (product) => `Equipo ${product}`,
  },
  en: {
    subject: (title) => `Your question was answered: ${title}`,
    hello: 'Hello,',
    intro: (expert) => `${expert} answered your question in Ask the expert.`,
    question: 'Your question',
    answer: 'Answer',
    page: 'See all your questions and answers:',
    signature: (product) => `The ${product} team`,
  },
};
