import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { registerRoutes } from '@portal/platform';
import { auditRoutes } from '../contracts/index.js';
import { AuditExportTrailController } from './audit-export-trail/audit-export-trail.http.controller.js';
import { AuditExportTrailHandler } from './audit-export-trail/audit-export-trail.handler.js';
import { AuditTrailFileHandler } from './audit-export-trail/audit-trail-file.query-handler.js';
import { AuditFindSubjectsController } from './audit-find-subjects/audit-find-subjects.http.controller.js';
import { AuditFindSubjectsHandler } from './audit-find-subjects/audit-find-subjects.query-handler.js';
import { AuditSubjectTimelineController } from './audit-subject-timeline/audit-subject-timeline.http.controller.js';
import { AuditSubjectTimelineHandler } from './audit-subject-timeline/audit-subject-timeline.query-handler.js';
import { AuditCurrentVerificationHandler } from './audit-verify-log/audit-current-verification.query-handler.js';
import { AuditStartVerificationHandler } from './audit-verify-log/audit-start-verification.handler.js';
import { AuditVerifyLogController } from './audit-verify-log/audit-verify-log.http.controller.js';
import { AuditVerificationRuns } from './shared/audit-verification-runs.js';

registerRoutes('audit', auditRoutes);

/**
 * The auditor's area (ADR 0071), in the reporting context: find a subject, its timeline across
 * streams with each chain, whole-log verification runs, trail exports. Role auditor only;
 * read-only but for the record of each export.
 */
@Module({
  imports: [CqrsModule],
  controllers: [AuditFindSubjectsController, AuditSubjectTimelineController, AuditExportTrailController, AuditVerifyLogController],
  providers: [AuditFindSubjectsHandler, AuditSubjectTimelineHandler, AuditExportTrailHandler, AuditTrailFileHandler, AuditStartVerificationHandler, AuditCurrentVerificationHandler, AuditVerificationRuns],
  exports: [AuditVerificationRuns],
})
export class AuditModule {}
