import { describe, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import type { CertificateIssued } from '../contracts/events.js';
import { certificateDecider } from './certificate.js';

const spec = deciderSpec(certificateDecider);
const rule = (satisfied: boolean) => ({
  stationId: 'soja-plantio',
  requiredMedias: true,
  requiredQuestions: false,
  requiredMediaQuestions: false,
  mediaCompleted: satisfied,
  questionsCompleted: false,
  mediaQuestionsCompleted: false,
  satisfied,
});
const data = (satisfied = true): CertificateIssued['data'] => ({
  certificateId: '01900000-0000-7000-8000-0000000000aa',
  ruleId: 'cert-soja',
  ruleRevision: 0,
  cropId: 'soja',
  userId: 'u1',
  holderName: 'Ana Souza',
  lang: 'pt-BR',
  title: { 'pt-BR': 'Certificado Soja', es: 'Certificado Soja', en: 'Soybean certificate' },
  rules: [rule(satisfied)],
  issuedAt: '2026-11-21T12:00:00.000Z',
});

describe('crop certificate', () => {
  it('is issued once every station rule is met', () => {
    spec.given([]).when({ type: 'IssueCertificate', data: data() }).then([{ type: 'CertificateIssued', data: data() }]);
  });
  it('is never issued twice', () => {
    spec.given([{ type: 'CertificateIssued', data: data() }]).when({ type: 'IssueCertificate', data: { ...data(), certificateId: 'other' } }).thenNothing();
  });
  it('is never issued before: an unmet rule, a rule whose flags contradict it, or no rules at all', () => {
    spec.given([]).when({ type: 'IssueCertificate', data: data(false) }).thenThrows('403');
    spec.given([]).when({ type: 'IssueCertificate', data: { ...data(), rules: [{ ...rule(true), mediaCompleted: false }] } }).thenThrows('403');
    spec.given([]).when({ type: 'IssueCertificate', data: { ...data(), rules: [] } }).thenThrows('403');
  });
});
