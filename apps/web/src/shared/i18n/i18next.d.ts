import type account from '../../locales/en/account.json';
import type auth from '../../locales/en/auth.json';
import type booking from '../../locales/en/booking.json';
import type common from '../../locales/en/common.json';
import type errors from '../../locales/en/errors.json';
import type home from '../../locales/en/home.json';
import type learning from '../../locales/en/learning.json';
import type managerTc from '../../locales/en/manager-tc.json';

/** Typed keys: t('nav.home') is checked against the English files (all locales match, see locales.unit.spec.ts). */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    nsSeparator: ':';
    keySeparator: '.';
    resources: {
      common: typeof common;
      auth: typeof auth;
      errors: typeof errors;
      home: typeof home;
      account: typeof account;
      booking: typeof booking;
      'manager-tc': typeof managerTc;
      learning: typeof learning;
    };
  }
}
