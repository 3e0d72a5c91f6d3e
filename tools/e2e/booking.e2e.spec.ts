import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { usePortalAndBrowser, type Portal } from './harness.js';

let portal: Portal;
let browser: Browser;

usePortalAndBrowser('booking', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const CAMPINAS = '01900000-0000-7000-8000-00000000b001';
const email = `visitante.${Date.now()}@example.com`;

const newPage = async (locale: string): Promise<Page> => {
  const context = await browser.newContext({ locale, baseURL: portal.url, acceptDownloads: true });
  return context.newPage();
};

/** The confirm and cancel links of the newest booking mail, as paths on the portal under test. */
async function linksFromOutbox(to: string, category: string): Promise<{ confirm: string | null; cancel: string | null }> {
  const res = await fetch(`${portal.url}/api/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  const mails = (await res.json()) as { category: string; text: string; attachments: { filename: string }[] }[];
  const mail = mails.find((m) => m.category === category);
  if (!mail) throw new Error(`no ${category} mail to ${to}`);
  expect(mail.attachments.map((a) => a.filename)).toEqual(['visit.ics']);
  const path = (kind: string) => {
    const m = new RegExp(`https?://[^\\s]+(/public/booking/${kind}\\?token=[^\\s]+)`).exec(mail.text);
    return m ? m[1]! : null;
  };
  return { confirm: path('confirm'), cancel: path('cancel') };
}

let booked: { date: string; time: string } = { date: '', time: '' };
let links: { confirm: string | null; cancel: string | null } = { confirm: null, cancel: null };

describe('training-center booking in the browser', () => {
  it('an anonymous visitor books a visit in the booking layout, in the chosen language', async () => {
    const page = await newPage('pt-BR');
    await page.goto('/public/booking');
    await expect.poll(async () => page.getByTestId('booking-title').textContent(), { timeout: 15_000 }).toBe('Agende uma visita a um centro de treinamento');
    // the language dropdown sits at the bottom of the booking layout
    await page.getByTestId('language-picker').click();
    await page.getByTestId('lang-es').click();
    await expect.poll(async () => page.getByTestId('booking-title').textContent(), { timeout: 15_000 }).toBe('Reserve una visita a un centro de entrenamiento');
    await expect.poll(async () => page.getByTestId('booking-country-BR').textContent(), { timeout: 15_000 }).toContain('Brasil');

    await page.getByTestId('booking-country-BR').click();
    await page.getByTestId(`booking-location-${CAMPINAS}`).click();
    const day = page.locator('[data-available="true"]').first();
    await day.waitFor();
    booked.date = (await day.getAttribute('data-testid'))!.replace('booking-day-', '');
    await day.click();
    const slot = page.locator('[data-testid^="booking-slot-"]:not([disabled])').first();
    await slot.waitFor();
    booked.time = (await slot.getAttribute('data-testid'))!.replace('booking-slot-', '');
    await slot.click();
    expect(page.url()).toContain(`date=${booked.date}`);

    await page.getByTestId('booking-name').fill('Lucía Fernández');
    await page.getByTestId('booking-email').fill(email);
    // both acceptances are required before anything is sent
    await page.getByTestId('booking-submit').click();
    await expect.poll(async () => page.getByText('Debes aceptar nuestra Política de Privacidad').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByTestId('booking-accept-privacy').check();
    // the protocols box unticked names the protocols, not the privacy policy (issue 13)
    await page.getByTestId('booking-submit').click();
    await expect.poll(async () => page.getByText('Debes aceptar los protocolos de visita').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText('Debes aceptar nuestra Política de Privacidad').count()).toBe(0);
    await page.getByTestId('booking-accept-protocols').check();
    await page.getByTestId('booking-submit').click();
    await page.getByTestId('booking-requested').waitFor();
    expect(await page.getByTestId('booking-requested').textContent()).toContain(email);

    links = await linksFromOutbox(email, 'bookingRequested');
    expect(links.confirm).toBeTruthy();
    expect(links.cancel).toBeTruthy();
    await page.context().close();
  });

  it('the confirm link from the e-mail confirms the visit', async () => {
    const page = await newPage('es-ES');
    await page.goto(links.confirm!);
    await page.getByTestId('confirm-done').waitFor();
    expect(await page.getByTestId('visit-status').getAttribute('data-status')).toBe('confirmed');
    expect(await page.getByTestId('visit-when').textContent()).toContain(booked.time);
    expect(await page.getByTestId('confirm-done').getAttribute('data-already')).toBe('false');
    // reopened, the link says the visit is confirmed, not that it expired (issue 13)
    await page.reload();
    await page.getByTestId('confirm-done').waitFor();
    expect(await page.getByTestId('confirm-done').getAttribute('data-already')).toBe('true');
    expect(await page.getByTestId('confirm-done').textContent()).toContain('Esta visita ya estaba confirmada');
    expect(await page.getByTestId('confirm-error').count()).toBe(0);
    expect(await page.getByTestId('visit-status').getAttribute('data-status')).toBe('confirmed');
    await page.context().close();
  });

  it('a tc_manager signs in, sees the booking on the calendar in the location colour, and exports the list as CSV', async () => {
    const page = await newPage('en-US');
    await page.goto(`/manager/tc?location=${CAMPINAS}&month=${booked.date.slice(0, 7)}`);
    await page.waitForURL(/\/auth\?next=/);
    await page.getByTestId('signin-email').fill('tc.manager@demo.agro');
    await page.getByTestId('signin-password').fill('Demo#2026');
    await page.getByTestId('signin-submit').click();
    await page.waitForURL(/\/manager\/tc/);
    const day = page.getByTestId(`calendar-day-${booked.date}`);
    await expect.poll(async () => day.getAttribute('data-confirmed'), { timeout: 15_000 }).toBe('1');
    expect(await day.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^rgba\(47, 158, 68/);
    await day.click();
    // the demo tc_manager's profile language is Spanish: the screens follow it after sign-in
    await expect.poll(async () => page.getByTestId(`calendar-slot-${booked.time}`).textContent(), { timeout: 15_000 }).toContain('1 de 12 lugares confirmados');

    await page.getByTestId('manager-tab-bookings').click();
    await page.getByTestId('bookings-filter-q').fill(email);
    await expect.poll(async () => page.getByTestId('bookings-total').getAttribute('data-total'), { timeout: 15_000 }).toBe('1');
    expect(await page.locator(`[data-email="${email}"] [data-status]`).getAttribute('data-status')).toBe('confirmed');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bookings-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^bookings.*\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split('\n');
    expect(header).toContain('bookingId,status,locationName,date,time');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(email);
    expect(rows[0]).toContain('confirmed');
    await page.context().close();
  });

  it('the cancel link cancels the confirmed visit; the confirm link then says it was canceled', async () => {
    const page = await newPage('pt-BR');
    await page.goto(links.cancel!);
    await expect.poll(async () => page.getByTestId('visit-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('confirmed');
    await page.getByTestId('cancel-submit').click();
    await page.getByTestId('cancel-done').waitFor();
    expect(await page.getByTestId('visit-status').getAttribute('data-status')).toBe('canceled');
    await page.goto(links.confirm!);
    await page.getByTestId('confirm-error').waitFor();
    expect(await page.getByTestId('confirm-error').getAttribute('data-code')).toBe('booking-canceled');
    await page.context().close();
  });
});
