import { actionPathOf, mailTo } from './mailbox.js';
import { DEMO_PASSWORD } from './shell-portal.js';

/** JSON calls the test itself makes to the portal's API (GET without a body, POST with one, or the method named). */
export const portalApi =
  (url: () => string) =>
  async <T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(`${url()}/api${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'POST'} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

/**
 * A Brazilian learner who registered (with the demo password), verified the address through the
 * mailed link and completed the profile, all through the API as the learner would. An address of
 * a company's domain joins that company on verification.
 */
export async function verifiedLearner(url: string, email: string, profile: { name: string; lang?: string }): Promise<void> {
  const api = portalApi(() => url);
  const lang = profile.lang ?? 'pt-BR';
  await api('/createUserRegister', { body: { email, password: DEMO_PASSWORD, country: 'BR', consent: true, lang } });
  const first = await api<{ accessToken: string }>('/auth/signIn', { body: { email, password: DEMO_PASSWORD } });
  await api('/sendEmailVerification', { token: first.accessToken, body: { lang } });
  const link = new URL(actionPathOf(await mailTo(url, email, 'verifyEmail')), url);
  await api('/applyActionCode', { body: { mode: link.searchParams.get('mode'), oobCode: link.searchParams.get('oobCode') } });
  const verified = await api<{ accessToken: string }>('/auth/signIn', { body: { email, password: DEMO_PASSWORD } });
  await api('/updateUserProfile', { token: verified.accessToken, body: { name: profile.name, userType: 'Agricultor', isInnerEmployee: false, actingArea: null } });
}
