import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { portalApi, verifiedLearner } from './api-learner.js';
import { mailTo } from './mailbox.js';
import { DEMO_PASSWORD, signIn, signInAt } from './shell-portal.js';

/**
 * The manager's user screens in the browser (issue 14, ADR 0054): a company manager of the demo
 * company finds a learner by a name typed without accents, grants a crop, and the learner sees it
 * after a reload; a manager pre-registers a user whose invitation opens a filled registration and
 * who lands in the company. Every test makes its own users.
 */
let portal: Portal;
let browser: Browser;

usePortalAndBrowser('manager users', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const MANAGER = 'company.manager@demo.agro';
/** The demo company (Cooperativa Demo) and one of its domains: a verified address there joins it. */
const COMPANY_DOMAIN = 'cooperativa.demo';
const PASSWORD = 'Safra#2026';
const stamp = Date.now();

const newPage = async (locale = 'pt-BR'): Promise<Page> => {
  const context = await browser.newContext({ locale, baseURL: portal.url });
  return context.newPage();
};

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

const api = portalApi(() => portal.url);

/**
 * A learner who registered with an address of the demo company's domain, verified it (and so
 * joined the company) and completed the profile: all through the API, as the learner would.
 */
async function companyLearner(email: string, name: string): Promise<void> {
  await verifiedLearner(portal.url, email, { name });
}

/** The manager opens the list from a deep link: sign-in keeps it as `next` and comes back to it. */
async function managerOnList(page: Page, search = ''): Promise<void> {
  await signInAt(page, `/manager/users${search}`, MANAGER);
  await page.getByTestId('users-table').waitFor();
}

const rowOf = (page: Page, email: string) => page.locator(`[data-testid="users-row"][data-email="${email}"]`);

describe('the manager\'s user screens', () => {
  it('a company manager finds a learner by a name typed without accents, grants a crop, and the learner sees it after a reload', async () => {
    const email = `joao.araujo.${stamp}@${COMPANY_DOMAIN}`;
    await companyLearner(email, 'João Araújo');

    // the learner, signed in: soybean (a distribution crop) waits for a manager's grant
    const learner = await newPage('pt-BR');
    await signIn(learner, email);
    await learner.getByTestId('menu-station-algodao').waitFor();
    expect(await learner.getByTestId('menu-station-soja').count()).toBe(0);

    // the manager: the side menu's entry, the list, the name typed without accents
    const manager = await newPage('pt-BR');
    const watched = watchConsole(manager);
    await managerOnList(manager);
    await manager.getByTestId('users-filter-q').fill('joao araujo');
    await manager.waitForURL((url) => url.searchParams.get('q') === 'joao araujo');
    await rowOf(manager, email).waitFor();
    await poll(() => manager.getByTestId('users-row').count()).toBe(1);

    // the filtered view is shared by its address: another tab opens the same list
    const shared = await manager.context().newPage();
    await shared.goto(manager.url());
    await rowOf(shared, email).waitFor();
    expect(await shared.getByTestId('users-filter-q').inputValue()).toBe('joao araujo');
    await shared.close();

    // the drawer: access tab, the distribution tag and the crop
    await rowOf(manager, email).getByTestId('users-open').click();
    await manager.getByTestId('user-form').waitFor();
    expect(await manager.getByTestId('user-name').inputValue()).toBe('João Araújo');
    await manager.getByTestId('user-tab-access').click();
    await manager.getByTestId('user-aclTag-dist:soja_monsoy').check();
    await manager.getByTestId('user-station-soja').check();
    await manager.getByTestId('user-save').click();
    await poll(() => manager.getByTestId('users-toast').textContent()).toBe('Alterações salvas.');
    await manager.getByTestId('user-drawer').waitFor({ state: 'hidden' });
    await watched.settled();
    expect(watched.problems).toEqual([]);

    // the learner's next refresh: soybean is in the menu
    await learner.reload();
    await poll(() => learner.getByTestId('menu-station-soja').count()).toBe(1);
  });

  it('a manager pre-registers a user; the invitation opens a filled registration and the new user lands in the company', async () => {
    const email = `nova.pessoa.${stamp}@example.com`;
    const manager = await newPage('pt-BR');
    await managerOnList(manager);

    // the drawer's checks of 001 §5 before anything is sent
    await manager.getByTestId('users-create').click();
    await manager.getByTestId('user-form').waitFor();
    await manager.getByTestId('user-email').fill('nova.pessoa@');
    await manager.getByTestId('user-name').fill('N');
    await manager.getByTestId('user-save').click();
    await poll(() => manager.getByText('E-mail deve ser um e-mail válido').count()).toBe(1);
    expect(await manager.getByText('Nome completo deve ter pelo menos 2 caracteres').count()).toBe(1);

    await manager.getByTestId('user-email').fill(email);
    await manager.getByTestId('user-name').fill('Nova Pessoa');
    await manager.getByTestId('user-city').fill('Londrina');
    await manager.getByTestId('user-tab-access').click();
    await manager.getByTestId('user-station-algodao').check();
    await manager.getByTestId('user-save').click();
    await poll(() => manager.getByTestId('users-toast').textContent()).toBe('Usuário criado e convite enviado.');

    // the list shows them as invited, without an account; the same address again is refused on its field
    await manager.getByTestId('users-filter-q').fill(email);
    await rowOf(manager, email).waitFor();
    expect(await rowOf(manager, email).textContent()).toContain('Convidado');
    await manager.getByTestId('users-create').click();
    await manager.getByTestId('user-email').fill(email);
    await manager.getByTestId('user-name').fill('Outra Pessoa');
    await manager.getByTestId('user-save').click();
    // on the e-mail field, in the screen's language (errors.email-already-in-use)
    await poll(() => manager.getByTestId('user-email').getAttribute('aria-invalid')).toBe('true');
    expect(await manager.getByText('Este e-mail já está em uso', { exact: true }).count()).toBe(1);
    await manager.keyboard.press('Escape');

    // the invitation mail's link opens the registration with the address filled in
    const invitation = await mailTo(portal.url, email, 'invitation');
    const link = invitation.text.match(/https?:\/\/\S+\/auth\/register\?\S+/)?.[0];
    expect(link, invitation.text).toBeTruthy();
    const invited = await newPage('pt-BR');
    const url = new URL(link!);
    await invited.goto(`${url.pathname}${url.search}`);
    await poll(() => invited.getByTestId('register-email').inputValue()).toBe(email);
    expect(await invited.getByTestId('register-invitation').textContent()).toContain('Cooperativa Demo');
    expect(await invited.getByTestId('register-country').inputValue()).toBe('BR');
    await invited.getByTestId('register-password').fill(PASSWORD);
    await invited.getByTestId('register-consent').check();
    await invited.getByTestId('register-submit').click();
    await invited.waitForURL((next) => next.pathname !== '/auth/register');

    // the new user is in the company: the manager's list says they have an account now
    await manager.reload();
    await rowOf(manager, email).waitFor();
    await poll(() => rowOf(manager, email).textContent()).toContain('Ativo');
    expect(await rowOf(manager, email).textContent()).not.toContain('Convidado');
  });

  it('a manager invites again and deletes a pre-registered user, and deactivates and reactivates a learner with an account', async () => {
    const pre = `pedro.lima.${stamp}@example.com`;
    const learnerEmail = `marta.${stamp}@${COMPANY_DOMAIN}`;
    await companyLearner(learnerEmail, 'Marta Gonçalves');
    const manager = await newPage('pt-BR');
    await managerOnList(manager);
    const confirm = async (action: string, toast: string) => {
      await manager.getByTestId(`user-action-${action}`).click();
      await manager.getByTestId('user-action-confirm').click();
      await poll(() => manager.getByTestId('users-toast').allTextContents()).toContain(toast);
    };

    // created without the invitation mail
    await manager.getByTestId('users-create').click();
    await manager.getByTestId('user-email').fill(pre);
    await manager.getByTestId('user-name').fill('Pedro Lima');
    await manager.getByTestId('user-send-invitation').uncheck();
    await manager.getByTestId('user-save').click();
    await poll(() => manager.getByTestId('users-toast').allTextContents()).toContain('Usuário criado.');

    // pre-registered: invited on demand, then deleted; the address is free again
    await manager.getByTestId('users-filter-q').fill(pre);
    await rowOf(manager, pre).getByTestId('users-open').click();
    await poll(() => manager.getByTestId('user-account').textContent()).toBe('Pré-cadastrado');
    await confirm('invite', 'Convite enviado para Pedro Lima.');
    expect((await mailTo(portal.url, pre, 'invitation')).to).toBe(pre);
    await poll(() => manager.getByTestId('user-account').textContent()).toBe('Convidado');
    await confirm('delete', 'Pedro Lima foi excluído.');
    await manager.getByTestId('users-empty').waitFor();

    // with an account: no delete; deactivation refuses their sign-in until reactivated
    await manager.getByTestId('users-filter-q').fill(learnerEmail);
    await rowOf(manager, learnerEmail).getByTestId('users-open').click();
    await manager.getByTestId('user-action-deactivate').waitFor();
    expect(await manager.getByTestId('user-action-delete').count()).toBe(0);
    await confirm('deactivate', 'Marta Gonçalves foi desativado.');
    await poll(() => manager.getByTestId('user-status').textContent()).toBe('Desativado');
    await manager.keyboard.press('Escape');
    await poll(() => rowOf(manager, learnerEmail).textContent()).toContain('Desativado');
    await expect(api('/auth/signIn', { body: { email: learnerEmail, password: DEMO_PASSWORD } })).rejects.toThrow(/user-disabled/);
    await rowOf(manager, learnerEmail).getByTestId('users-open').click();
    await confirm('reactivate', 'Marta Gonçalves foi reativado.');
    await manager.keyboard.press('Escape');
    await poll(() => rowOf(manager, learnerEmail).textContent()).toContain('Ativo');
    await api('/auth/signIn', { body: { email: learnerEmail, password: DEMO_PASSWORD } });
  });
});
