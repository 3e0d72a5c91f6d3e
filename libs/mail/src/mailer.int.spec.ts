import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { createMailer, type Mailer } from './mailer.js';

let db: TestDatabase;
let mailer: Mailer;
beforeAll(async () => {
  db = await createTestDatabase();
  mailer = createMailer({ database: db.database });
  await mailer.migrate();
});
afterAll(async () => {
  await db.drop();
});

describe('mail outbox', () => {
  it('composes the message with nodemailer and keeps it, attachments included, for the mailbox', async () => {
    const sent = await mailer.send({
      to: 'Visitor@Example.com',
      subject: 'Confirme sua visita',
      text: 'Abra https://portal.example/confirm?token=abc',
      category: 'bookingConfirmation',
      locale: 'pt-BR',
      attachments: [{ filename: 'visita.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar' }],
    });
    expect(sent.transport).toBe('outbox');
    const [latest] = await mailer.list({ to: 'visitor@example.com' });
    expect(latest).toMatchObject({ subject: 'Confirme sua visita', category: 'bookingConfirmation', attachments: [{ filename: 'visita.ics', contentType: 'text/calendar' }] });
    const full = await mailer.get(sent.id);
    expect(full!.raw).toContain('Subject: Confirme sua visita');
    expect(full!.raw).toContain('visita.ics');
    expect(full!.raw).toMatch(/To: Visitor@Example\.com/i);
  });
});
