import type { ProjectionRuntime } from '@portal/projections-runtime';
import { answersByQuestion } from '@portal/projection-answers';
import type { QuestionState } from '../../contracts/index.js';
import { questionState } from './views.js';
import { type CatalogueModel } from '@portal/learning/contracts';

/** The overlay's state of some questions for one learner: their answers (and the follow-ups') and each question's state. */
export async function questionStates(projections: ProjectionRuntime, cat: CatalogueModel, actor: string, ids: string[]) {
  const follows = ids.map((id) => cat.questions.get(id)?.postAnswerQuestionId).filter((x): x is string => !!x);
  const answers = await answersByQuestion(projections.reader('answers'), actor, [...ids, ...follows]);
  const states = ids.map((id) => questionState(cat, id, answers)).filter((s): s is QuestionState => s !== null);
  return { answers, states };
}
