// Breaks web-features-apart: one SPA feature importing another.
import { lessonTitle } from '../learning/lesson-title.js';

export const title = () => lessonTitle();
