import { describe, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import type { StationRuleEvidence } from '../contracts/certificate-rule.js';
import type { CertificateIssued } from '../contracts/events.js';
import { certificateDecider, type CertificateCommand } from './certificate.js';

const spec = deciderSpec(certificateDecider);
const evidence = (mediaCompleted: boolean, over: Partial<StationRuleEvidence> = {}): StationRuleEvidence => ({
  stationId: 'soja-plantio',
  requiredMedias: true,
  requiredQuestions: false,
  requiredMediaQuestions: false,
  mediaCompleted,
  questionsCompleted: false,
  mediaQuestionsCompleted: false,
  ...over,
});
const base = {
  certificateId: '01900000-0000-7000-8000-0000000000aa',
  ruleId: 'cert-soja',
  ruleRevision: 0,
  cropId: 'soja',
  userId: 'u1',
  holderName: 'Ana Souza',
  lang: 'pt-BR',
  title: { 'pt-BR': 'Certificado Soja', es: 'Certificado Soja', en: 'Soybean certificate' },
  issuedAt: '2026-11-21T12:00:00.000Z',
} satisfies Omit<CertificateIssued['data'], 'rules'>;
const issue = (...stations: StationRuleEvidence[]): CertificateCommand => ({ type: 'IssueCertificate', data: { ...base, evidence: stations } });
const issued = (): CertificateIssued => ({ type: 'CertificateIssued', data: { ...base, rules: [{ ...evidence(true), satisfied: true }] } });

describe('crop certificate', () => {
  it('is issued once every station rule is met, with the rules as the decider judged them', () => {
    spec.given([]).when(issue(evidence(true))).then([issued()]);
  });
  it('is judged by the rule, not by the caller: a part the rule does not require may be missing', () => {
    spec
      .given([])
      .when(issue(evidence(true), evidence(true, { stationId: 'soja-colheita', requiredQuestions: true, questionsCompleted: true })))
      .then([
        {
          type: 'CertificateIssued',
          data: { ...base, rules: [{ ...evidence(true), satisfied: true }, { ...evidence(true, { stationId: 'soja-colheita', requiredQuestions: true, questionsCompleted: true }), satisfied: true }] },
        },
      ]);
  });
  it('is never issued twice', () => {
    spec.given([issued()]).when({ type: 'IssueCertificate', data: { ...base, certificateId: 'other', evidence: [evidence(true)] } }).thenNothing();
  });
  it('is never issued before: a required part incomplete in any station, or no rules at all', () => {
    spec.given([]).when(issue(evidence(false))).thenThrows('403');
    spec.given([]).when(issue(evidence(true), evidence(true, { stationId: 'soja-colheita', requiredMediaQuestions: true }))).thenThrows('403');
    spec.given([]).when(issue()).thenThrows('403');
  });
});
