import { AppError } from '@portal/kernel';
import { certificateStatusOf, type StationRuleEvidence } from '../contracts/certificate-rule.js';
import { scoringEvents, type CertificateIssued } from '../contracts/events.js';

/**
 * One learner's certificate of one crop (stream scoring.certificate-<userId>-<ruleId>). Issued at
 * most once, and never before every station rule is satisfied (000 §4.3, 001 §4): the process
 * manager hands in the evidence it read (each station rule with its station's completion, from
 * learning's station progress), and the decider judges it by scoring's certificate rule
 * (`certificateStatusOf`, ADR 0088): unmet, it refuses; met, it records the rules as it judged them.
 */
export interface CertificateState {
  issued: { certificateId: string; issuedAt: string } | null;
}
export const initialCertificateState = (): CertificateState => ({ issued: null });

export type CertificateCommand = { type: 'IssueCertificate'; data: Omit<CertificateIssued['data'], 'rules'> & { evidence: StationRuleEvidence[] } };

export function decideCertificate(command: CertificateCommand, state: CertificateState): CertificateIssued[] {
  switch (command.type) {
    case 'IssueCertificate': {
      if (state.issued) return [];
      const { evidence, ...d } = command.data;
      const status = certificateStatusOf(evidence);
      if (!status.met) throw new AppError('403', 'The certificate stays locked until the material is completed');
      return [{ type: 'CertificateIssued', data: { ...d, rules: status.rules } }];
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
