import { Query } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';
import type { AuditTrailFormat } from '../../contracts/index.js';
import type { RecordedTrailExport } from './audit-export-trail.command.js';

/** The file of a recorded export, written as it is read (constant memory at any trail length). */
export class AuditTrailFileQuery extends Query<Readable> {
  constructor(
    readonly recorded: RecordedTrailExport,
    readonly format: AuditTrailFormat,
  ) {
    super();
  }
}
