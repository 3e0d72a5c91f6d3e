import { registerRoutes } from '@portal/platform';
import { privacyRoutes } from '../../contracts/index.js';
import { AuditedRequestsController } from './audited-requests/audited-requests.http.controller.js';
import { AuditedRequestsHandler } from './audited-requests/audited-requests.query-handler.js';
import { BuildDataExportHandler } from './build-data-export/build-data-export.query-handler.js';
import { CancelManagedDeletionHandler } from './cancel-managed-deletion/cancel-managed-deletion.handler.js';
import { DataExportStore } from './data-export-store.js';
import { DeletionGrace } from './deletion-grace.js';
import { ExportFileController } from './export-file/export-file.http.controller.js';
import { ExportFileHandler } from './export-file/export-file.query-handler.js';
import { LiftLegalHoldHandler, PlaceLegalHoldHandler } from './legal-holds/legal-hold.handlers.js';
import { LegalHoldsController } from './legal-holds/legal-holds.http.controller.js';
import { ListLegalHoldsHandler } from './legal-holds/list-legal-holds.query-handler.js';
import { ManagedRequestsController } from './managed-requests/managed-requests.http.controller.js';
import { ManagedRequestsHandler } from './managed-requests/managed-requests.query-handler.js';
import { MyPrivacyController } from './my-privacy/my-privacy.http.controller.js';
import { MyPrivacyHandler } from './my-privacy/my-privacy.query-handler.js';
import { PrivacyRequestsProcess } from './privacy-requests.process.js';
import { ProcessingInfoController } from './processing-info/processing-info.http.controller.js';
import { ProcessingInfoHandler } from './processing-info/processing-info.query-handler.js';
import { RequestDeletionController } from './request-deletion/request-deletion.http.controller.js';
import { RequestDeletionHandler } from './request-deletion/request-deletion.handler.js';
import { RequestExportController } from './request-export/request-export.http.controller.js';
import { RequestExportHandler } from './request-export/request-export.handler.js';
import { SetConsentController } from './set-consent/set-consent.http.controller.js';
import { SetConsentHandler } from './set-consent/set-consent.handler.js';

registerRoutes('privacy', privacyRoutes);

/** The data subjects' rights workflow (issue 31 part B, ADR 0092), mounted in the identity module. */
export const PRIVACY_CONTROLLERS = [
  MyPrivacyController,
  RequestExportController,
  ExportFileController,
  RequestDeletionController,
  SetConsentController,
  ProcessingInfoController,
  ManagedRequestsController,
  LegalHoldsController,
  AuditedRequestsController,
];

export const PRIVACY_PROVIDERS = [
  DataExportStore,
  DeletionGrace,
  PrivacyRequestsProcess,
  MyPrivacyHandler,
  RequestExportHandler,
  ExportFileHandler,
  BuildDataExportHandler,
  RequestDeletionHandler,
  CancelManagedDeletionHandler,
  SetConsentHandler,
  ProcessingInfoHandler,
  ManagedRequestsHandler,
  PlaceLegalHoldHandler,
  LiftLegalHoldHandler,
  ListLegalHoldsHandler,
  AuditedRequestsHandler,
];
