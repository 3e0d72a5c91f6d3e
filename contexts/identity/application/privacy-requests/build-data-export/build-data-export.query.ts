import { Query } from '@nestjs/cqrs';
import type { Locale } from '@portal/kernel';

export interface BuiltDataExport {
  zip: Buffer;
  /** how many of the subject's events the ZIP holds */
  events: number;
  sha256: string;
}

/** The ZIP of everything the portal holds about a subject (ADR 0092): built by the background job. */
export class BuildDataExportQuery extends Query<BuiltDataExport> {
  constructor(
    readonly userId: string,
    readonly requestId: string,
    readonly locale: Locale,
    readonly now: string,
  ) {
    super();
  }
}
