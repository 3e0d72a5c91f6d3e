export { LearningModule } from './learning.module.js';
export { importContentPack, readPack, PackValidationError, type ImportReport, type ImportOptions } from './catalogue-import/import-pack.js';
export { resolveContentDir } from './shared/content-dir.js';
