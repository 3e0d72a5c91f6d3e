import { describe, expect, it } from 'vitest';
import { emptyQuizForm, maxScoreOf, newQuestion, quizWindow, toQuizBody, validateQuizForm, withCorrect, withType, type QuizFormValues } from './quiz-form';

const valid = (): QuizFormValues => ({
  title: 'Manejo de pragas',
  description: '',
  questions: [
    {
      type: 'single',
      language: 'pt-BR',
      description: 'Qual praga?',
      score: 0,
      alternatives: [
        { description: 'Lagarta', prefix: 'A', correct: true, score: 5 },
        { description: 'Pulgão', prefix: 'B', correct: false, score: 0 },
      ],
    },
    { type: 'open', language: 'en', description: 'Why?', score: 10, alternatives: [] },
  ],
});

describe('the quiz editor (001 §3 Quiz)', () => {
  it('a new quiz asks for its title and the first question', () => {
    expect(validateQuizForm(emptyQuizForm('pt-BR'))).toEqual({
      title: { rule: 'required' },
      'questions.0.description': { rule: 'required' },
      'questions.0.alternatives': { rule: 'correctRequired' },
      'questions.0.alternatives.0.description': { rule: 'required' },
      'questions.0.alternatives.1.description': { rule: 'required' },
    });
    expect(validateQuizForm(valid())).toEqual({});
  });

  it('needs two alternatives, a correct one, exactly one for single choice, and scores within bounds', () => {
    const v = valid();
    const one = { ...v, questions: [{ ...v.questions[0]!, alternatives: [v.questions[0]!.alternatives[0]!] }] };
    expect(validateQuizForm(one)['questions.0.alternatives']).toEqual({ rule: 'alternativesRequired' });
    const two = { ...v, questions: [{ ...v.questions[0]!, alternatives: v.questions[0]!.alternatives.map((a) => ({ ...a, correct: true })) }] };
    expect(validateQuizForm(two)['questions.0.alternatives']).toEqual({ rule: 'oneCorrect' });
    expect(validateQuizForm({ ...v, questions: [{ ...v.questions[1]!, score: 1001 }] })['questions.0.score']).toEqual({ rule: 'between', min: 0, max: 1000 });
    expect(validateQuizForm({ ...v, questions: [] }).questions).toEqual({ rule: 'questionsRequired' });
  });

  it('changing the type keeps the question consistent; marking a single-choice answer unmarks the others', () => {
    const single = valid().questions[0]!;
    expect(withType(single, 'open').alternatives).toEqual([]);
    expect(withType(withType(single, 'open'), 'multiple').alternatives).toHaveLength(2);
    const marked = withCorrect(single, 1, true);
    expect(marked.alternatives.map((a) => a.correct)).toEqual([false, true]);
    const multiple = withCorrect(withType(single, 'multiple'), 1, true);
    expect(multiple.alternatives.map((a) => a.correct)).toEqual([true, true]);
    expect(newQuestion('es', 'open')).toMatchObject({ type: 'open', language: 'es', alternatives: [] });
  });

  it('builds the contract body and the maximum score', () => {
    const body = toQuizBody(valid());
    expect(body?.questions[1]).toEqual({ type: 'open', language: 'en', description: 'Why?', score: 10, alternatives: [] });
    expect(maxScoreOf(valid().questions)).toBe(15);
  });

  it('the quiz window: both ends, the close after the open', () => {
    expect(quizWindow('', '2026-12-10T10:00')).toEqual({ ok: false, field: 'opensAt', issue: 'required' });
    expect(quizWindow('2026-12-10T10:00', '2026-12-10T09:00')).toEqual({ ok: false, field: 'closesAt', issue: 'afterOpens' });
    const ok = quizWindow('2026-12-10T10:00', '2026-12-10T11:00');
    expect(ok.ok && new Date(ok.closesAt).getTime() - new Date(ok.opensAt).getTime()).toBe(3_600_000);
  });
});
