// Clean: a test kit may use libs/testing.
import { startTestApp } from '../../../libs/testing/src/index.js';

export const app = () => startTestApp();
