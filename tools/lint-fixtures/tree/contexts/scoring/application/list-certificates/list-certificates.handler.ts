// Breaks query-handler-is-named-so: the handler of a query named like a command handler, so the
// write-path rule would take it for the write path.
import { ListCertificatesQuery } from './list-certificates.query.js';

export const handle = (query: ListCertificatesQuery) => [query.userId];
