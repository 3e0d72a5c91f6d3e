// Breaks production-imports-no-test-code: production code using libs/testing.
import { startTestApp } from '../../../libs/testing/src/index.js';

export const start = () => startTestApp();
