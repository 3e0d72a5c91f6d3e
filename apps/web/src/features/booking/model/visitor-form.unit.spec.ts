import { describe, expect, it } from 'vitest';
import { emptyVisitor, toBookingRequest, validateVisitor } from './visitor-form';

const choice = { locationId: '01900000-0000-7000-8000-00000000b001', date: '2026-11-23', time: '10:00' };

describe('visitor details', () => {
  it('require a name, a valid e-mail and both acceptances', () => {
    expect(validateVisitor(emptyVisitor())).toEqual({
      name: { rule: 'required' },
      email: { rule: 'required' },
      acceptedPrivacyPolicy: { rule: 'termAccepted' },
      acceptedVisitProtocols: { rule: 'protocolsAccepted' },
    });
    expect(validateVisitor({ ...emptyVisitor(), name: 'Rita', email: 'rita@', acceptedPrivacyPolicy: true, acceptedVisitProtocols: true })).toEqual({ email: { rule: 'email' } });
  });
  it('build the request through the contract: normalised e-mail, optional fields left out', () => {
    const values = { ...emptyVisitor(), name: ' Rita Lopes ', email: ' Rita@Example.com ', acceptedPrivacyPolicy: true, acceptedVisitProtocols: true };
    expect(validateVisitor(values)).toEqual({});
    expect(toBookingRequest(values, choice, 'es')).toEqual({ ...choice, name: 'Rita Lopes', email: 'rita@example.com', lang: 'es', acceptedPrivacyPolicy: true, acceptedVisitProtocols: true });
    expect(toBookingRequest({ ...values, acceptedVisitProtocols: false }, choice, 'es')).toBeNull();
  });
});
