export { createApp } from './app.factory.js';
export { APP_VERSION } from './version.js';
export { parseConfig, ConfigError } from './config.js';
export { createInfrastructure, type Infrastructure } from './infrastructure/infrastructure.js';
export { PROJECTIONS_LIST } from './infrastructure/projections.js';
