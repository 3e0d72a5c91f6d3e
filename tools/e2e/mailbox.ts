/** The portal's dev outbox (GET /api/dev/mailbox/messages, outside production), for e-mailed links. */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  category: string;
  text: string;
}

/** The newest mail of `category` to `to`, waiting for it to arrive (newest first in the outbox). */
export const mailTo = async (portalUrl: string, to: string, category: string, notId?: string): Promise<OutboxMessage> => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`${portalUrl}/api/dev/mailbox/messages?${new URLSearchParams({ to })}`);
    if (response.ok) {
      const messages = (await response.json()) as OutboxMessage[];
      const found = messages.find((m) => m.category === category && m.id !== notId);
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`no ${category} mail to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

/**
 * The /auth/action link of a mail, as a path: the mail names the configured public URL, the
 * browser opens it on the portal it is using (the refresh cookie belongs to that host).
 */
export const actionPathOf = (message: OutboxMessage): string => {
  const match = message.text.match(/https?:\/\/\S+\/auth\/action\?\S+/);
  if (!match) throw new Error(`no action link in: ${message.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
};
