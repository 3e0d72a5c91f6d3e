import { describe, expect, it } from 'vitest';
import { CTB_CAST_SUBJECT, supportMessageRequestSchema } from '@portal/engagement/contracts/http';
import type { Permission, Role } from '@portal/kernel';
import { canReadSupportInbox } from '../../../shared/session/access';
import { canClose, initialForm, isCtbCastPath, MESSAGE_ROWS, messageBody, messageCounter, OTHERS_SUBJECT, subjectOptions, SUPPORT_MESSAGE_MAX, SUPPORT_TITLE_MAX, validateSupport } from './support-model';

const values = (options: { value: string }[]) => options.map((o) => o.value);

describe('support dialog (000 §4.7, §5)', () => {
  describe('subjects per country', () => {
    it('Brazil', () => {
      expect(values(subjectOptions({ country: 'BR', locale: 'pt-BR', stationTitles: ['Soja'] }))).toEqual(['Feedback', 'Atualização de Conteúdo', 'Sugestão de Conteúdo']);
      // sent as stored, shown in the user's language (issue 13: Portuguese labels for es and en readers)
      for (const locale of ['es', 'en'] as const) {
        expect(subjectOptions({ country: 'BR', locale, stationTitles: [] }).map((o) => o.labelKey)).toEqual(['feedback', 'contentUpdate', 'contentSuggestion']);
      }
    });
    it('Spanish', () => {
      expect(values(subjectOptions({ country: 'AR', locale: 'es', stationTitles: ['Soja'] }))).toEqual(['Pregunta', 'Reclamo', 'Sugerencias']);
    });
    it('otherwise the station titles plus Others', () => {
      const options = subjectOptions({ country: 'US', locale: 'en', stationTitles: ['Soybean', 'Corn', 'Soybean', ' '] });
      expect(values(options)).toEqual(['Soybean', 'Corn', OTHERS_SUBJECT]);
      expect(options[2]).toEqual({ value: OTHERS_SUBJECT, label: null, labelKey: 'others' });
    });
    it('an initial subject is listed first', () => {
      expect(values(subjectOptions({ country: 'BR', locale: 'pt-BR', stationTitles: [], initialSubject: 'Sugestão de Conteúdo' }))).toEqual(['Sugestão de Conteúdo', 'Feedback', 'Atualização de Conteúdo']);
      expect(values(subjectOptions({ country: 'BR', locale: 'pt-BR', stationTitles: [], initialSubject: CTB_CAST_SUBJECT }))[0]).toBe('CTBCast');
    });
  });

  describe('preset', () => {
    it('CTBCast when opened from the ctb_cast station', () => {
      expect(isCtbCastPath('/journey/ctb_cast')).toBe(true);
      expect(isCtbCastPath('/station/ctb_cast')).toBe(true);
      expect(isCtbCastPath('/journey/ctb_cast_2')).toBe(false);
      expect(initialForm('/journey/ctb_cast', null)).toEqual({ subject: 'CTBCast', title: '', message: '' });
      expect(initialForm('/home', null)).toEqual({ subject: '', title: '', message: '' });
    });
    it('the initial payload comes first', () => {
      expect(initialForm('/journey/ctb_cast', { subject: 'Feedback', title: 'T', message: 'M' })).toEqual({ subject: 'Feedback', title: 'T', message: 'M' });
      expect(initialForm('/journey/ctb_cast', { title: 'T' })).toEqual({ subject: 'CTBCast', title: 'T', message: '' });
    });
  });

  describe('validation', () => {
    it('needs a subject, a title and a message', () => {
      expect(validateSupport({ subject: '', title: ' ', message: '' })).toEqual({ subject: { rule: 'required' }, title: { rule: 'required' }, message: { rule: 'required' } });
    });
    it('title at most 64, message at most 600', () => {
      expect([SUPPORT_TITLE_MAX, SUPPORT_MESSAGE_MAX, MESSAGE_ROWS]).toEqual([64, 600, 6]);
      expect(validateSupport({ subject: 's', title: 'x'.repeat(64), message: 'y'.repeat(600) })).toEqual({});
      expect(validateSupport({ subject: 's', title: 'x'.repeat(65), message: 'y'.repeat(601) })).toEqual({ title: { rule: 'maxLength', length: 64 }, message: { rule: 'maxLength', length: 600 } });
    });
    it('counts the message as n/600', () => {
      expect(messageCounter('')).toBe('0/600');
      expect(messageCounter('hello')).toBe('5/600');
    });
  });

  it('cannot be closed while busy', () => {
    expect(canClose('busy')).toBe(false);
    expect(canClose('form')).toBe(true);
    expect(canClose('success')).toBe(true);
    expect(canClose('failed')).toBe(true);
  });

  it('sends registerId, context web, the page address, subject, title and message', () => {
    const body = messageBody({ subject: ' Feedback ', title: ' Oi ', message: ' Mensagem ' }, { registerId: 'u1', origin: 'http://portal/home', lang: 'pt-BR' });
    expect(body).toEqual({ registerId: 'u1', context: 'web', origin: 'http://portal/home', subject: 'Feedback', title: 'Oi', message: 'Mensagem', lang: 'pt-BR' });
    expect(supportMessageRequestSchema.safeParse(body).success).toBe(true);
    expect(messageBody({ subject: 'a', title: 'b', message: 'c' }, { registerId: null, origin: 'x', lang: 'en' })).not.toHaveProperty('registerId');
  });

  it('the inbox opens for company staff with manage_companies_users and a company, manage_all_companies and the auditor only (the API scopes the senders, ADR 0080)', () => {
    const user = (roles: Role[], permissions: Permission[] = [], companyId: string | null = null) => ({ roles, permissions, companyId, country: 'BR', allowedStations: 'all' as const });
    expect(canReadSupportInbox(user(['company_admin'], ['manage_companies_users'], 'c-1'))).toBe(true);
    expect(canReadSupportInbox(user(['company_manager'], ['manage_companies_users'], 'c-1'))).toBe(true);
    expect(canReadSupportInbox(user(['company_admin'], ['manage_all_companies']))).toBe(true);
    expect(canReadSupportInbox(user(['auditor']))).toBe(true);
    // a company admin without the permission or without a company, and training-center staff
    expect(canReadSupportInbox(user(['company_admin'], [], 'c-1'))).toBe(false);
    expect(canReadSupportInbox(user(['company_admin'], ['manage_companies_users']))).toBe(false);
    expect(canReadSupportInbox(user(['tc_admin']))).toBe(false);
    expect(canReadSupportInbox(user(['company_manager', 'tc_manager', 'learner']))).toBe(false);
  });
});
