// Breaks no-circular: cycle-a and cycle-b import each other.
import { b } from './cycle-b.js';

export const a = () => b();
