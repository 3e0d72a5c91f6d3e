/** HTTP contracts of the scoring context (paths under /api), shared by the API and the SPA. */
import { z } from 'zod';
import { localizedTextSchema } from '@portal/learning/contracts/http';

const id = z.string().trim().min(1).max(64);
const isoTime = z.string();

/** 000 §9: each completed content entry gives 30 points (maxScore per item). */
export const POINTS_PER_COMPLETED_ENTRY = 30;

/**
 * Where an answer's points count (ADR 0044), the one rule the scores read model and the station
 * scores report share: NPS answers -> npsScore; asked by an entry -> videosAnswersScore; asked by
 * a station's questions config -> questionsScore; asked by no station (adaptive only) -> extra.
 */
export type ScoreBucket = 'questions' | 'videos_answers' | 'nps' | 'extra';
export const scoreBucketOf = (a: { context: string; entryId: string | null | undefined; stationId: string | null | undefined }): ScoreBucket =>
  a.context === 'nps' ? 'nps' : a.entryId ? 'videos_answers' : a.stationId ? 'questions' : 'extra';

/**
 * 000 §3 / 001 §3 score detail (ADR 0044):
 * - questionsScore: answers to a station's questions (asked without an entry)
 * - videosScore: 30 per completed content entry (first completion)
 * - videosAnswersScore: answers to an entry's questions (media questions)
 * - npsScore: the base from AV1 and AV2 (global only)
 * - othersScore: everything that is not a station question = total - questionsScore
 *   (videos + media answers + NPS + answers to questions placed in no station)
 * - total: the sum of all of the above buckets
 * A question with ignoreScore adds nothing; one without hasScore scores 0; a retry replaces the
 * previous answer's points.
 */
export const scoreDetailSchema = z.object({
  npsScore: z.number(),
  questionsScore: z.number(),
  videosScore: z.number(),
  videosAnswersScore: z.number(),
  othersScore: z.number(),
  total: z.number(),
  /** completed entries counted in videosScore */
  completedEntries: z.number().int(),
  /** answers counted */
  answers: z.number().int(),
});
export type ScoreDetail = z.infer<typeof scoreDetailSchema>;

export const cropScoreSchema = scoreDetailSchema.extend({ cropId: z.string(), title: localizedTextSchema.nullable() });
/** GET /scores: per crop (root station) and the total across crops plus the NPS base. */
export const scoresResponseSchema = z.object({ total: scoreDetailSchema, crops: z.array(cropScoreSchema) });
export const stationScoreParamsSchema = z.object({ stationId: id });
/** GET /scores/station/:stationId: the main header's "active content" score (000 §2.8) and its crop's. */
export const stationScoreResponseSchema = z.object({
  stationId: z.string(),
  cropId: z.string(),
  station: scoreDetailSchema,
  crop: scoreDetailSchema,
  total: scoreDetailSchema,
});

// ---------------------------------------------------------------- certificates

/** The SPA shows this translation key for any failed certificate retrieval (000 §8, 001 §8). */
export const CERTIFICATE_ERROR_MESSAGE_KEY = 'certificates.retrievalError';
/** The public verification page of the SPA (QR code target); the SPA calls GET /api/certificates/verify/:code. */
export const CERTIFICATE_VERIFY_PAGE = '/certificates/verify/:code';
export const certificateVerifyPath = (code: string) => `/certificates/verify/${encodeURIComponent(code)}`;

export const certificateRuleStatusSchema = z.object({
  stationId: z.string(),
  stationTitle: localizedTextSchema.nullable(),
  requiredMedias: z.boolean(),
  requiredQuestions: z.boolean(),
  requiredMediaQuestions: z.boolean(),
  mediaCompleted: z.boolean(),
  questionsCompleted: z.boolean(),
  mediaQuestionsCompleted: z.boolean(),
  satisfied: z.boolean(),
});
export const certificateViewSchema = z.object({
  /** the crop's certificate (rule) id: the :certificateId of the download path */
  certificateId: z.string(),
  cropId: z.string(),
  title: localizedTextSchema,
  status: z.enum(['locked', 'issued']),
  /** while locked: 000 §8 lock message (translation key), else null */
  lockMessage: z.enum(['lockState.incompleteContentMessage', 'lockState.incompleteQuestionsMessage']).nullable(),
  rules: z.array(certificateRuleStatusSchema),
  issued: z.object({ issuedCertificateId: z.string(), issuedAt: isoTime, verifyUrl: z.string(), downloadUrl: z.string() }).nullable(),
});
export type CertificateView = z.infer<typeof certificateViewSchema>;
export const certificatesQuerySchema = z.object({ cropId: id.optional() });
export const certificateListSchema = z.array(certificateViewSchema);
export const certificateDownloadParamsSchema = z.object({ certificateId: id });
export const certificateDownloadQuerySchema = z.object({ cropId: id.optional(), lang: z.enum(['pt-BR', 'es', 'en']).optional() });

export const certificateVerifyParamsSchema = z.object({ code: z.string().trim().min(1).max(64) });
/** Public: confirms a real certificate (holder, crop, date) or denies it, without sign-in. */
export const certificateVerifyResponseSchema = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    certificateId: z.string(),
    holderName: z.string().nullable(),
    cropId: z.string(),
    title: localizedTextSchema,
    cropTitle: localizedTextSchema.nullable(),
    issuedAt: isoTime,
  }),
  z.object({ valid: z.literal(false), certificateId: z.string() }),
]);

export const scoringRoutes = {
  scores: { method: 'GET', path: '/scores', response: scoresResponseSchema, summary: "The caller's score detail per crop and in total (000 §9)" },
  stationScore: { method: 'GET', path: '/scores/station/:stationId', params: stationScoreParamsSchema, response: stationScoreResponseSchema, summary: "The main header's score: the active station, its crop and the total" },
  certificates: { method: 'GET', path: '/user-certificates', query: certificatesQuerySchema, response: certificateListSchema, summary: "The caller's crop certificates: locked (with the lock message) or issued" },
  download: { method: 'GET', path: '/user-certificates/download/:certificateId', params: certificateDownloadParamsSchema, query: certificateDownloadQuerySchema, summary: "The caller's certificate as a PDF in their language (application/pdf)", responseType: 'application/pdf' },
  verify: { method: 'GET', path: '/certificates/verify/:code', params: certificateVerifyParamsSchema, response: certificateVerifyResponseSchema, summary: 'Public certificate verification (the QR code page)' },
} as const;
