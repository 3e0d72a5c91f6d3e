/**
 * The seam between the LGPD rights workflow (privacy requests, issue 31) and crypto-shredding.
 * The rights workflow decides *when* a data subject is erased (after the grace period, with no
 * legal hold) and calls `erase`; the implementation destroys the subject's data key, records
 * `SubjectErased` and purges the read models (ADR 0091). Bound in the identity module.
 */
export abstract class SubjectEraser {
  /**
   * Erases `subjectId` (a user id). Idempotent: erasing an erased subject returns the first proof.
   * `proof` is what the auditor sees: the `SubjectErased` event's id and log position, never personal data.
   */
  abstract erase(subjectId: string, context: { requestId: string; actorId: string }): Promise<{ erasedAt: string; proof: string }>;
}
