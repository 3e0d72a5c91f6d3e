export * from './pages.projection.js';
