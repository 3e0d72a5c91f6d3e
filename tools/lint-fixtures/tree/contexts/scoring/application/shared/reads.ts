// Clean on its own: a read helper of scoring using learning's projection.
import { progressRows } from '../../../../projections/progress/src/index.js';

export const rowsFor = (userId: string) => progressRows(userId);
