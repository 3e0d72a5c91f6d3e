export { createApp, APP_VERSION } from './app.factory.js';
export { parseConfig, ConfigError } from './config.js';
export { createInfrastructure, type Infrastructure } from './infrastructure/infrastructure.js';
export { PROJECTIONS_LIST } from './infrastructure/projections.js';
