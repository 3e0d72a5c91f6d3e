// Part of the no-circular fixture: cycle-a and cycle-b import each other.
import { a } from './cycle-a.js';

export const b = (): unknown => a;
