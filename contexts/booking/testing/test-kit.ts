/**
 * Helpers of the booking HTTP tests (imported by *.int.spec.ts only): a test location, staff
 * sign-ins and the links of the booking mails in the outbox.
 */
import type { TestApp } from '@portal/testing/app';
import type { Call } from '@portal/testing/client';
import type { LocationInput } from '../contracts/index.js';

export { tokenFor, trackingClient, type Call } from '@portal/testing/client';

/** Open every day 08:00-18:00 in hourly slots, so any test date has slots. */
export const testLocation = (overrides: Partial<LocationInput> = {}): LocationInput => ({
  name: 'Test Center',
  addressLines: ['Estrada do Teste, km 1'],
  number: '100',
  city: 'Campinas',
  state: 'SP',
  country: 'BR',
  postalCode: '13000-000',
  capacity: 2,
  timezone: 'America/Sao_Paulo',
  color: '#2f9e44',
  schedule: {
    hours: ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' })),
    slotMinutes: 60,
    closedDates: ['2026-12-25'],
    horizonDays: 60,
  },
  active: true,
  ...overrides,
});

export async function createLocation(call: Call, adminToken: string, overrides: Partial<LocationInput> = {}): Promise<string> {
  const res = await call('POST', '/api/locations', { token: adminToken, body: testLocation(overrides) });
  if (res.statusCode !== 201) throw new Error(`location not created: ${res.statusCode} ${res.body}`);
  return res.json().locationId as string;
}

export const visit = (locationId: string, email: string, date = '2026-11-23', time = '10:00') => ({
  locationId,
  date,
  time,
  name: 'Rita Lopes',
  email,
  phone: '+55 19 99999-0000',
  company: 'Fazenda Boa Vista',
  acceptedPrivacyPolicy: true,
  acceptedVisitProtocols: true,
});

/** The confirm and cancel tokens of the newest booking mail to an address. */
export async function linksFor(t: TestApp, email: string, category = 'bookingRequested'): Promise<{ confirm: string | null; cancel: string | null; subject: string; text: string; attachments: { filename: string; contentType: string }[]; locale: string | null }> {
  // notices after a confirmation or cancellation are sent just after the answer: wait a little
  let mail;
  for (let waited = 0; !mail && waited <= 3000; waited += 25) {
    mail = (await t.infra.mailer.list({ to: email, limit: 20 })).find((m) => m.category === category);
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (!mail) throw new Error(`no ${category} mail to ${email}`);
  const token = (kind: string) => {
    const m = new RegExp(`/public/booking/${kind}\\?token=([^\\s"<]+)`).exec(mail.text);
    return m ? decodeURIComponent(m[1]!) : null;
  };
  return { confirm: token('confirm'), cancel: token('cancel'), subject: mail.subject, text: mail.text, attachments: mail.attachments, locale: mail.locale };
}
