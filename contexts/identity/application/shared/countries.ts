import { DEFAULT_LOCALE, type Locale } from '@portal/kernel';
import { COUNTRY_CODES } from '../../contracts/index.js';

/** Countries of 000 §1, named in the reader's language and sorted by that name. */
export function countriesFor(lang: Locale | undefined) {
  const locale = lang ?? DEFAULT_LOCALE;
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, displayName: names.of(code) ?? code })).sort((a, b) => a.displayName.localeCompare(b.displayName, locale));
}

/** Brazilian states (UF) for the profile form; other countries take free text. */
export const BRAZIL_STATES: [string, string][] = [
  ['AC', 'Acre'], ['AL', 'Alagoas'], ['AP', 'Amapá'], ['AM', 'Amazonas'], ['BA', 'Bahia'], ['CE', 'Ceará'], ['DF', 'Distrito Federal'],
  ['ES', 'Espírito Santo'], ['GO', 'Goiás'], ['MA', 'Maranhão'], ['MT', 'Mato Grosso'], ['MS', 'Mato Grosso do Sul'], ['MG', 'Minas Gerais'],
  ['PA', 'Pará'], ['PB', 'Paraíba'], ['PR', 'Paraná'], ['PE', 'Pernambuco'], ['PI', 'Piauí'], ['RJ', 'Rio de Janeiro'], ['RN', 'Rio Grande do Norte'],
  ['RS', 'Rio Grande do Sul'], ['RO', 'Rondônia'], ['RR', 'Roraima'], ['SC', 'Santa Catarina'], ['SP', 'São Paulo'], ['SE', 'Sergipe'], ['TO', 'Tocantins'],
];

/** Labels of the stored values (000 §3 keeps the Portuguese values as codes). */
export const CHOICE_LABELS: Record<Locale, Record<string, string>> = {
  'pt-BR': { Vendas: 'Vendas', Marketing: 'Marketing', 'Market Development': 'Desenvolvimento de Mercado', Agricultor: 'Agricultor', Distribuidor: 'Distribuidor', Cooperativa: 'Cooperativa', Nulo: 'Nenhum' },
  es: { Vendas: 'Ventas', Marketing: 'Marketing', 'Market Development': 'Desarrollo de Mercado', Agricultor: 'Agricultor', Distribuidor: 'Distribuidor', Cooperativa: 'Cooperativa', Nulo: 'Ninguno' },
  en: { Vendas: 'Sales', Marketing: 'Marketing', 'Market Development': 'Market Development', Agricultor: 'Farmer', Distribuidor: 'Distributor', Cooperativa: 'Cooperative', Nulo: 'None' },
};
