import { AppError } from '@portal/kernel';
import { scoringEvents, type CertificateIssued } from '../contracts/events.js';

/**
 * One learner's certificate of one crop (stream scoring.certificate-<userId>-<ruleId>). Issued at
 * most once, and never before every station rule is satisfied (000 §4.3, 001 §4): the process
 * manager hands in the evidence it read, and the decider refuses evidence with an unmet rule.
 */
export interface CertificateState {
  issued: { certificateId: string; issuedAt: string } | null;
}
export const initialCertificateState = (): CertificateState => ({ issued: null });

export type CertificateCommand = { type: 'IssueCertificate'; data: CertificateIssued['data'] };

export function decideCertificate(command: CertificateCommand, state: CertificateState): CertificateIssued[] {
  switch (command.type) {
    case 'IssueCertificate': {
      if (state.issued) return [];
      const d = command.data;
      if (d.rules.length === 0 || d.rules.some((r) => !r.satisfied)) throw new AppError('403', 'The certificate stays locked until the material is completed');
      const unmet = d.rules.find(
        (r) => (r.requiredMedias && !r.mediaCompleted) || (r.requiredQuestions && !r.questionsCompleted) || (r.requiredMediaQuestions && !r.mediaQuestionsCompleted),
      );
      if (unmet) throw new AppError('403', `Station ${unmet.stationId} does not meet its rule yet`);
      return [{ type: 'CertificateIssued', data: d }];
    }
    default: {
      const exhaustive: never = command.type;
      throw new Error(`unknown command ${String(exhaustive)}`);
    }
  }
}

export function evolveCertificate(state: CertificateState, event: CertificateIssued): CertificateState {
  switch (event.type) {
    case 'CertificateIssued':
      return state.issued ? state : { issued: { certificateId: event.data.certificateId, issuedAt: event.data.issuedAt } };
    default: {
      const exhaustive: never = event.type;
      throw new Error(`unknown event ${String(exhaustive)}`);
    }
  }
}

export const certificateDecider = { decide: decideCertificate, evolve: evolveCertificate, initial: initialCertificateState, events: scoringEvents };
