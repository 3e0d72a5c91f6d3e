import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS, IMPORT_HEADER_KEYS, headerKey, type ImportRow } from '@portal/identity/contracts/user-import.http';
import { ApiError } from '../../../shared/api/api-error';
import { fileProblem, filterRows, IMPORT_PAGE_SIZE, importErrorText, importTemplate, pageOf } from './user-import';

const row = (line: number, action: ImportRow['action']): ImportRow => ({ line, email: `u${line}@x.test`, action, userId: null, values: {}, changes: [], errors: [], invited: false });

describe('the import preview table', () => {
  it('shows the rows of one kind, a page of 50 at a time', () => {
    const rows = Array.from({ length: 120 }, (_, i) => row(i + 2, i % 3 === 0 ? 'invalid' : 'create'));
    expect(filterRows(rows, 'invalid')).toHaveLength(40);
    expect(filterRows(rows, 'all')).toHaveLength(120);
    const last = pageOf(rows, 3);
    expect(last).toMatchObject({ pages: 3, page: 3 });
    expect(last.rows.map((r) => r.line)).toEqual(rows.slice(2 * IMPORT_PAGE_SIZE).map((r) => r.line));
    // a page past the end (the filter changed) shows the last one
    expect(pageOf(filterRows(rows, 'invalid'), 3).page).toBe(1);
    expect(pageOf([], 1)).toEqual({ rows: [], pages: 1, page: 1 });
  });
});

describe('row errors in words', () => {
  it('001 §5 rules keep their numbers; the access policy names the permission; the rest by kind', () => {
    expect(importErrorText({ field: 'name', code: 'maxLength', limit: 120 })).toEqual({ kind: 'rule', rule: { rule: 'maxLength', length: 120 } });
    expect(importErrorText({ field: 'email', code: 'required' })).toEqual({ kind: 'rule', rule: { rule: 'required' } });
    expect(importErrorText({ field: 'roles', code: 'needs:manage_companies_managers', value: 'company_manager' })).toEqual({ kind: 'needs', permission: 'manage_companies_managers', value: 'company_manager' });
    expect(importErrorText({ field: 'group', code: 'reference-item-invalid', value: 'Oeste' })).toEqual({ kind: 'unknownValue', value: 'Oeste' });
    expect(importErrorText({ field: 'email', code: 'duplicate-in-file', limit: 4 })).toEqual({ kind: 'duplicate', line: 4 });
    expect(importErrorText({ field: 'email', code: 'company-email-already-in-use' })).toEqual({ kind: 'catalogue', code: 'company-email-already-in-use' });
    expect(importErrorText({ field: 'roles', code: 'invalid-value', value: 'chief' })).toEqual({ kind: 'invalidValue', value: 'chief' });
  });
});

describe('the template', () => {
  const notes = { note: 'Linhas com # são ignoradas', first: 'Primeiro nome', last: 'Sobrenome' };
  it('has every column in the language, each header one the import takes back; semicolons for pt-BR and es', () => {
    for (const lang of ['pt-BR', 'es', 'en'] as const) {
      const text = importTemplate(lang, notes);
      expect(text.startsWith('\uFEFF')).toBe(true);
      const headers = text.slice(1).split('\r\n')[0]!.split(lang === 'en' ? ',' : ';');
      expect(headers).toHaveLength(IMPORT_FIELDS.length);
      expect(new Set(headers.map((h) => IMPORT_HEADER_KEYS.get(headerKey(h))?.field)).size).toBe(IMPORT_FIELDS.length);
    }
    expect(importTemplate('pt-BR', notes)).toContain('E-mail;Nome;País');
  });

  it('lists, on lines the import skips, every other name each column is known by, the first and last name columns included (ADR 0082)', () => {
    const lines = importTemplate('pt-BR', notes).slice(1).trim().split('\r\n').slice(1);
    expect(lines.every((l) => l.startsWith('# '))).toBe(true);
    expect(lines[0]).toBe('# Linhas com # são ignoradas');
    const listed = lines.slice(1).flatMap((l) => l.slice(l.indexOf(': ') + 2).split(' | '));
    // every accepted name of another language or an alias is in the template, each naming what the import reads it as
    for (const name of ['Correo electrónico', 'Email address', 'Full name', 'Celular', 'Role', 'First name', 'Last name', 'Apellido']) expect(listed).toContain(name);
    for (const name of listed) expect(IMPORT_HEADER_KEYS.has(headerKey(name))).toBe(true);
    expect(lines).toContain('# Nome: Nombre | Name | Nome completo | Nombre completo | Full name | Nome e sobrenome | Nombre y apellido');
  });
});

describe('a file the server could not read', () => {
  it('names why', () => {
    expect(fileProblem(new ApiError({ statusCode: 400, code: 'app/bed-request', details: [{ path: 'file', message: 'duplicateColumn' }] }))).toBe('duplicateColumn');
    const missing = new ApiError({ statusCode: 400, code: 'import-column-missing', details: [{ path: 'file', message: 'columnMissing', code: 'email' }, { path: 'file', message: 'columnMissing', code: 'name' }] });
    expect(fileProblem(missing)).toEqual({ missing: ['email', 'name'] });
    expect(fileProblem(new ApiError({ statusCode: 413, code: 'import-too-large' }))).toBe('tooLarge');
    expect(fileProblem(new ApiError({ statusCode: 400, code: 'company-invalid', details: [{ path: 'companyId', message: 'company-invalid' }] }))).toBeNull();
  });
});
