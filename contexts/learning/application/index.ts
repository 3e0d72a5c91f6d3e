export { LearningModule } from './learning.module.js';
export { importContentPack, readPack, PackValidationError, type ImportReport, type ImportOptions } from './catalogue-import/import-pack.js';
export { resolveContentDir } from './shared/content-dir.js';
export { ContentOrigin, type ContentRequest } from './serve-package/content-origin.js';
export { contentOriginFor, portalOriginFor, type ContentOriginSettings } from './shared/content-origin.js';
export { scormPackagesDir, stagePackage, storedPackage, uploadedPackageFile, PackageRefused, type StoredPackage } from './shared/uploaded-packages.js';
export { publishPackage, type PublishResult } from './shared/scorm-publish.js';
export { ZipRefused, extractZip, SCORM_ZIP_LIMITS, type ZipLimits } from './shared/scorm-zip.js';
// read in-process by the server-rendered first document (ADR 0090)
export { GetTrainingQuery } from './get-training/get-training.query.js';
export { requireActivePrincipal } from './shared/access.js';
export { GetJourneyQuery } from './get-journey/get-journey.query.js';
export { GetStationQuery } from './get-station/get-station.query.js';
export { ResolveRouteQuery } from './resolve-route/resolve-route.query.js';
