import type account from '../../locales/en/account.json';
import type assessment from '../../locales/en/assessment.json';
import type audit from '../../locales/en/audit.json';
import type auth from '../../locales/en/auth.json';
import type booking from '../../locales/en/booking.json';
import type common from '../../locales/en/common.json';
import type errors from '../../locales/en/errors.json';
import type home from '../../locales/en/home.json';
import type learning from '../../locales/en/learning.json';
import type managerTc from '../../locales/en/manager-tc.json';
import type manager from '../../locales/en/manager.json';
import type managerCompanies from '../../locales/en/manager-companies.json';
import type managerDashboard from '../../locales/en/managerDashboard.json';
import type reports from '../../locales/en/reports.json';
import type notifications from '../../locales/en/notifications.json';
import type publicPages from '../../locales/en/public-pages.json';
import type realtime from '../../locales/en/realtime.json';
import type scheduledEvents from '../../locales/en/scheduledEvents.json';
import type search from '../../locales/en/search.json';
import type shell from '../../locales/en/shell.json';
import type support from '../../locales/en/support.json';
import type askExpert from '../../locales/en/ask-expert.json';
import type managerContent from '../../locales/en/manager-content.json';
import type privacy from '../../locales/en/privacy.json';

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
      shell: typeof shell;
      search: typeof search;
      support: typeof support;
      notifications: typeof notifications;
      realtime: typeof realtime;
      'public-pages': typeof publicPages;
      assessment: typeof assessment;
      manager: typeof manager;
      'manager-companies': typeof managerCompanies;
      managerDashboard: typeof managerDashboard;
      reports: typeof reports;
      scheduledEvents: typeof scheduledEvents;
      audit: typeof audit;
      'ask-expert': typeof askExpert;
      'manager-content': typeof managerContent;
      privacy: typeof privacy;
    };
  }
}
