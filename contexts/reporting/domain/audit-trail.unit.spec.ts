import { describe, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import { auditExportDecider } from './audit-trail.js';

const spec = deciderSpec(auditExportDecider);
const exported = {
  exportId: '01900000-0000-7000-8000-0000000000e1',
  subject: { kind: 'user' as const, id: '01900000-0000-7000-8000-0000000000a1' },
  format: 'csv' as const,
  events: 42,
  by: '01900000-0000-7000-8000-0000000000b1',
  exportedAt: '2026-11-21T10:00:00.000Z',
};

describe('audit trail exports (ADR 0071)', () => {
  it('records an export with its subject, format, event count and auditor', () => {
    spec.given([]).when({ type: 'RecordTrailExport', ...exported }).then([{ type: 'AuditTrailExported', data: exported }]);
  });
  it('records an export once: the same export id again records nothing', () => {
    spec.given([{ type: 'AuditTrailExported', data: exported }]).when({ type: 'RecordTrailExport', ...exported }).thenNothing();
  });
});
