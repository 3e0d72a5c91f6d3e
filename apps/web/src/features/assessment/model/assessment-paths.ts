import { CERTIFICATE_VERIFY_PAGE, certificateVerifyPath } from '@portal/scoring/contracts/http';

/** Paths of the assessment screens (000 §2.1) and the public certificate check (scoring contracts). */
export const assessmentPaths = {
  learning: '/learning',
  learningQuestions: (stationId?: string | null, questionId?: string | null): string => {
    const query = new URLSearchParams();
    if (stationId) query.set('stationId', stationId);
    if (questionId) query.set('questionId', questionId);
    const qs = query.toString();
    return qs ? `/learning/questions?${qs}` : '/learning/questions';
  },
  recommendations: '/learning/questions/recommendations',
  area: '/area/assessment',
  result: '/area/assessment/result',
  areaDetail: (stationId: string): string => `/area/assessment/${encodeURIComponent(stationId)}`,
  survey: (country?: string | null, surveyPath?: string | null): string =>
    ['/public/survey', country ? encodeURIComponent(country.toLowerCase()) : null, country && surveyPath ? encodeURIComponent(surveyPath) : null].filter(Boolean).join('/'),
  verifyPattern: CERTIFICATE_VERIFY_PAGE,
  verify: certificateVerifyPath,
} as const;
