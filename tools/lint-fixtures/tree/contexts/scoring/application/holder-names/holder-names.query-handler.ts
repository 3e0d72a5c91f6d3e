// Allowed by write-path-reads-own-projections: a query handler reads learning's projection
// through scoring's read helper; a read is not the write path.
import { rowsFor } from '../shared/reads.js';
import { HolderNamesQuery } from './holder-names.query.js';

export const handle = (query: HolderNamesQuery) => rowsFor(query.userId);
