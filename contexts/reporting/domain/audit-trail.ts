import { auditEvents, type AuditEvent, type AuditSubjectRef, type AuditTrailFormat } from '../contracts/audit-events.js';

/**
 * An export of a subject's audit trail (ADR 0071): recorded once, before the file leaves the
 * server, on a stream of its own (one per export id), so a retried command records nothing twice.
 */
export type AuditExportState = { recorded: boolean };
export type AuditExportCommand = {
  type: 'RecordTrailExport';
  exportId: string;
  subject: AuditSubjectRef;
  format: AuditTrailFormat;
  events: number;
  by: string;
  exportedAt: string;
};

export const initialAuditExportState = (): AuditExportState => ({ recorded: false });

export function decideAuditExport(command: AuditExportCommand, state: AuditExportState): AuditEvent[] {
  switch (command.type) {
    case 'RecordTrailExport': {
      if (state.recorded) return [];
      const { type: _type, ...data } = command;
      return [{ type: 'AuditTrailExported', data }];
    }
    default: {
      const never: never = command.type;
      return never;
    }
  }
}

export function evolveAuditExport(state: AuditExportState, event: AuditEvent): AuditExportState {
  switch (event.type) {
    case 'AuditTrailExported':
      return { ...state, recorded: true };
    default: {
      const never: never = event.type;
      return never;
    }
  }
}

/** The decider as handleCommand runs it (ADR 0009). */
export const auditExportDecider = { decide: decideAuditExport, evolve: evolveAuditExport, initial: initialAuditExportState, events: auditEvents };
