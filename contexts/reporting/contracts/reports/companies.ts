import { defineReport, h } from '../report-definition.js';

/** How far back a sign-in makes a user active in the companies report (ADR 0070). */
export const ACTIVE_USER_DAYS = 30;

/**
 * One company (001 §3 Company) with its users (learners in it at the position read, under the
 * learner filters), its active users (of those, signed in within ACTIVE_USER_DAYS before the
 * "as of" date, else now) and its completions (MediaCompleted of those learners, in the date range
 * and crop/station when given). Domains joined with ", ".
 */
export const companiesReport = defineReport({
  name: 'companies-report',
  title: h('Relatório de empresas', 'Informe de empresas', 'Companies report'),
  summary: "Companies report (001 §2 companies): each company's fields, users, active users and completions (a company manager sees their company's row only)",
  access: 'reports',
  defaultSort: 'users',
  fields: [
    { key: 'companyId', kind: 'text' },
    { key: 'company', header: h('Empresa', 'Empresa', 'Company'), kind: 'text', sortable: true },
    { key: 'businessCode', header: h('CNPJ / código', 'Código fiscal', 'Business code'), kind: 'text', sortable: true },
    { key: 'phone', header: h('Telefone', 'Teléfono', 'Phone'), kind: 'text', nullable: true },
    { key: 'contactEmail', header: h('E-mail de contato', 'Correo de contacto', 'Contact e-mail'), kind: 'text', nullable: true, sortable: true },
    { key: 'contactName', header: h('Nome do contato', 'Nombre de contacto', 'Contact name'), kind: 'text', nullable: true, sortable: true },
    { key: 'contactPhone', header: h('Telefone do contato', 'Teléfono de contacto', 'Contact phone'), kind: 'text', nullable: true },
    { key: 'domains', header: h('Domínios', 'Dominios', 'Domains'), kind: 'text' },
    { key: 'users', header: h('Usuários', 'Usuarios', 'Users'), kind: 'number', int: true, sortable: true },
    { key: 'activeUsers', header: h('Usuários ativos (30 dias)', 'Usuarios activos (30 días)', 'Active users (30 days)'), kind: 'number', int: true, sortable: true },
    { key: 'completions', header: h('Conclusões', 'Finalizaciones', 'Completions'), kind: 'number', int: true, sortable: true },
  ],
});
