import type { Locale } from '@portal/kernel';
import { identityRoutes, type UserData } from '@portal/identity/contracts/http';
import { callRoute } from '../api/client';
import { queryClient } from '../api/query-client';
import { storeUserData } from '../api/user-data';
import { changeLocale, currentLocale, forcedLocale, readLocaleCookie } from '../i18n/i18n';
import { localeAfterSignIn, shouldSyncProfileLang } from '../i18n/locale-rules';
import { hasAccessToken } from './token-store';

/** Saves the profile's lang (POST /api/updateUserProfile {lang}) and keeps the answer. */
export const saveProfileLang = async (lang: Locale): Promise<void> => {
  const user = await callRoute(identityRoutes.updateUserProfile, { body: { lang } });
  storeUserData(queryClient, user);
};

/** Keeps the profile's lang in sync with a language the signed-in user chose. Failures only log. */
export const syncLocaleChoice = async (locale: Locale): Promise<void> => {
  if (!shouldSyncProfileLang(hasAccessToken(), forcedLocale())) return;
  try {
    await saveProfileLang(locale);
  } catch (error) {
    console.warn('Could not save the language to the profile', error);
  }
};

/** After sign-in (locale-rules.ts): without a cookie the profile's language wins. */
export const applyProfileLocale = async (user: Pick<UserData, 'lang'>): Promise<void> => {
  const decision = localeAfterSignIn({ forced: forcedLocale(), cookie: readLocaleCookie(), profileLang: user.lang, current: currentLocale() });
  if (decision.apply) await changeLocale(decision.apply);
  if (decision.syncProfile) await syncLocaleChoice(decision.syncProfile);
};
