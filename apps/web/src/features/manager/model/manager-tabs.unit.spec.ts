import { describe, expect, it } from 'vitest';
import type { AccessSubject } from '../../../shared/session/access';
import { currentTab, managerTabs } from './manager-tabs';

const staff: AccessSubject = { roles: ['company_manager'], permissions: ['manage_companies_users'], companyId: 'c', country: 'BR', allowedStations: 'all' };

describe('the child views of /manager/users a manager may open (ADR 0054)', () => {
  const REPORTS = ['answers-report', 'stations-content-answers-report', 'stations-score-report', 'companies-report', 'stations-content-report', 'stations-report', 'ctb-cast-dowload-status', 'expert-ask-question'];
  it('the list and the reports for manage_companies_users; the companies for everyone in the area; the reports for auditors', () => {
    expect(managerTabs(staff).map((tab) => tab.value)).toEqual(['users', 'companies', ...REPORTS]);
    // and the SCORM upload (issue 27): the catalogue is every company's, so manage_all_companies only
    expect(managerTabs({ ...staff, roles: [], companyId: null, permissions: ['manage_all_companies'] }).map((tab) => tab.value)).toEqual(['users', 'companies', ...REPORTS, 'scorm-upload', 'privacy-requests']);
    // the privacy requests (LGPD, issue 31): a company_admin of a company, or manage_all_companies
    expect(managerTabs({ ...staff, roles: ['company_admin'] }).map((tab) => tab.value)).toEqual(['users', 'companies', ...REPORTS, 'privacy-requests']);
    expect(managerTabs({ ...staff, roles: ['auditor'], companyId: null, permissions: [] }).map((tab) => tab.value)).toEqual(REPORTS);
    expect(managerTabs({ ...staff, permissions: [] }).map((tab) => tab.value)).toEqual(['companies']);
    expect(managerTabs({ ...staff, companyId: null })).toEqual([]);
    // the messaging report: manage_whatsapp only, company staff with a company or manage_all_companies
    expect(managerTabs({ ...staff, permissions: ['manage_whatsapp'] }).map((tab) => tab.value)).toEqual(['companies', 'whatsapp-messages']);
    expect(managerTabs({ ...staff, permissions: ['manage_companies_users', 'manage_whatsapp'] }).map((tab) => tab.value)).toEqual(['users', 'companies', ...REPORTS, 'whatsapp-messages']);
    expect(managerTabs({ ...staff, roles: ['auditor'], companyId: null, permissions: ['manage_whatsapp'] }).map((tab) => tab.value)).toEqual(REPORTS);
  });

  it('the tab of a path', () => {
    expect(currentTab('/manager/users')).toBe('users');
    expect(currentTab('/manager/users/privacy-requests')).toBe('privacy-requests');
    expect(currentTab('/manager/users/companies')).toBe('companies');
    expect(currentTab('/manager/users/companies/x')).toBe('companies');
    expect(currentTab('/manager/users/answers-report')).toBe('answers-report');
    expect(currentTab('/manager/users/stations-content-answers-report')).toBe('stations-content-answers-report');
    expect(currentTab('/manager/users/stations-score-report')).toBe('stations-score-report');
    // the companies report is not the companies administration under /manager/users/companies
    expect(currentTab('/manager/users/companies-report')).toBe('companies-report');
    expect(currentTab('/manager/users/companies')).toBe('companies');
    expect(currentTab('/manager/users/stations-content-report')).toBe('stations-content-report');
    expect(currentTab('/manager/users/stations-report')).toBe('stations-report');
    expect(currentTab('/manager/users/ctb-cast-dowload-status')).toBe('ctb-cast-dowload-status');
    expect(currentTab('/manager/users/whatsapp-messages')).toBe('whatsapp-messages');
    expect(currentTab('/manager/users/expert-ask-question')).toBe('expert-ask-question');
    expect(currentTab('/manager/users/scorm-upload')).toBe('scorm-upload');
  });
});
