export * from './progress.js';
export * from './catalogue.js';
export * from './rules.js';
export * from './media-links.js';
export * from './feeds.js';
export * from './catalogue-imports.js';
