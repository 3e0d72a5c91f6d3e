// Breaks write-path-reads-own-projections: scoring's command handler reaches learning's
// projection through its own read helper.
import { rowsFor } from '../shared/reads.js';

export const issue = (userId: string) => rowsFor(userId).length > 0;
