import { bookingRequestSchema, type BookingRequestBody } from '@portal/booking/contracts/http';
import type { Locale } from '@portal/kernel';
import { compactIssues, type FieldRule, type Issues } from '../../../shared/forms/field-rules';

export interface VisitorValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  acceptedPrivacyPolicy: boolean;
  acceptedVisitProtocols: boolean;
}

export const emptyVisitor = (): VisitorValues => ({ name: '', email: '', phone: '', company: '', acceptedPrivacyPolicy: false, acceptedVisitProtocols: false });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const max = (value: string, length: number): FieldRule | undefined => (value.trim().length > length ? { rule: 'maxLength', length } : undefined);

/** 001 §5: name and e-mail required; the privacy policy and the visit protocols must be accepted. */
export function validateVisitor(v: VisitorValues): Issues<VisitorValues> {
  return compactIssues<VisitorValues>({
    name: v.name.trim() === '' ? { rule: 'required' } : max(v.name, 120),
    email: v.email.trim() === '' ? { rule: 'required' } : !EMAIL.test(v.email.trim()) ? { rule: 'email' } : max(v.email, 254),
    phone: max(v.phone, 40),
    company: max(v.company, 120),
    acceptedPrivacyPolicy: v.acceptedPrivacyPolicy ? undefined : { rule: 'termAccepted' },
    acceptedVisitProtocols: v.acceptedVisitProtocols ? undefined : { rule: 'protocolsAccepted' },
  });
}

/** The request body, parsed by the contract (null when the values do not pass it). */
export function toBookingRequest(v: VisitorValues, choice: { locationId: string; date: string; time: string }, lang: Locale): BookingRequestBody | null {
  const parsed = bookingRequestSchema.safeParse({
    ...choice,
    name: v.name,
    email: v.email,
    ...(v.phone.trim() ? { phone: v.phone } : {}),
    ...(v.company.trim() ? { company: v.company } : {}),
    lang,
    acceptedPrivacyPolicy: v.acceptedPrivacyPolicy,
    acceptedVisitProtocols: v.acceptedVisitProtocols,
  });
  return parsed.success ? parsed.data : null;
}
