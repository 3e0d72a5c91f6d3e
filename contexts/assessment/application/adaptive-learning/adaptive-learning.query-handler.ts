import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CATALOGUE, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { answersByQuestion } from '@portal/projection-answers';
import { recommendationsOf } from '@portal/projection-recommendations';
import type { LearningState, QuestionState } from '../../contracts/index.js';
import { AssessmentContentService } from '../shared/content.service.js';
import { questionState } from '../shared/views.js';
import { AdaptiveLearningQuery } from './adaptive-learning.query.js';
import { type CatalogueReader, pageTo, questionsProgressOf, stationAccess } from '@portal/learning/contracts';

/**
 * Adaptive learning (000 §2.1 /learning, /learning/questions; §4.3). The track's detail items are
 * the stations listed in content/assessment.json that the learner may open and that ask questions.
 */
@QueryHandler(AdaptiveLearningQuery)
export class AdaptiveLearningHandler implements IQueryHandler<AdaptiveLearningQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,
    @Inject(AssessmentContentService) private readonly content: AssessmentContentService,
  ) {}

  async execute({ user, stationId, questionId, request }: AdaptiveLearningQuery): Promise<LearningState> {
    await waitForReads(this.projections, request, ['answers', 'recommendations']);
    const cat = await this.catalogue.model();
    const track = this.content.content.adaptiveLearning;
    const stations = track.stationIds
      .map((id) => cat.stations.get(id))
      .filter((s): s is NonNullable<typeof s> => !!s && stationAccess(cat, user, s.stationId) === 'allowed' && !!s.questions && !s.questions.inactive && s.questions.questionIds.length > 0);
    const allIds = stations.flatMap((s) => s.questions!.questionIds);
    const answers = await answersByQuestion(this.projections.reader('answers'), user.userId, [
      ...allIds,
      ...allIds.map((id) => cat.questions.get(id)?.postAnswerQuestionId).filter((x): x is string => !!x),
    ]);
    const items = stations.map((s) => {
      const ids = s.questions!.questionIds;
      const answered = ids.filter((id) => answers.has(id));
      return { stationId: s.stationId, title: s.title, to: pageTo(cat, s.stationId), total: ids.length, answered: answered.length, correct: answered.filter((id) => answers.get(id)!.isCorrect).length };
    });
    // 000 §4.3: only ids in the lists are accepted; otherwise the first detail item, the first unanswered question
    const active = stations.find((s) => s.stationId === stationId) ?? stations[0] ?? null;
    const questions = active ? active.questions!.questionIds.map((id) => questionState(cat, id, answers)).filter((s): s is QuestionState => s !== null) : [];
    const ids = questions.map((s) => s.question.questionId);
    const activeQuestionId = (questionId && ids.includes(questionId) ? questionId : undefined) ?? ids.find((id) => !answers.has(id)) ?? ids[0] ?? null;
    const recs = await recommendationsOf(this.projections.reader('recommendations'), user.userId);
    return {
      title: track.title,
      description: track.description,
      items,
      activeStationId: active?.stationId ?? null,
      questions,
      activeQuestionId,
      progress: active ? questionsProgressOf(active.questions, answers) : null,
      pendingRecommendations: recs.filter((r) => r.visitedAt === null).length,
    };
  }
}
