// Breaks production-imports-no-test-code: production code using a test kit.
import { app } from '../testing/test-kit.js';

export const seed = () => app();
