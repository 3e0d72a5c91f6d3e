import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@portal/kernel';
import { NAMESPACES } from '../shared/i18n/namespaces';

/**
 * Plurals and grammatical gender (issue 13, defect 7): every phrase with a number goes through
 * i18next's plural rules (Intl.PluralRules of the locale), gendered agreement through its context
 * rules, and the phrases users met wrong ("Senha é obrigatório", "1 CORRETAS", "Acerte pelo menos
 * 1 perguntas", "Centros de treinamento em Brasil") read right for 1 and for many in every locale.
 */
const localesDir = import.meta.dirname;
type Json = string | { [key: string]: Json };
const read = (locale: string, ns: string): Record<string, Json> => JSON.parse(readFileSync(join(localesDir, locale, `${ns}.json`), 'utf8')) as Record<string, Json>;

const leaves = (value: Json, prefix = ''): [string, string][] =>
  typeof value === 'string' ? [[prefix, value]] : Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Numbers that count something must be `count` (the variable i18next picks the plural form by). */
const COUNTING_PLACEHOLDERS = ['minAnswers', 'correct'];

/** pt-BR calls 0 "one" (0 correta): families carry a _zero form, which i18next prefers for a count of 0. */
const NEEDS_ZERO = LOCALES.some((locale) => new Intl.PluralRules(locale).select(0) === 'one');

describe('plural forms', () => {
  for (const locale of LOCALES) {
    // i18next falls back from a missing category (pt and es "many") to "other"; "one" must exist wherever Intl has it
    const needed = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories.filter((c) => c !== 'many'), ...(NEEDS_ZERO ? ['zero'] : [])];
    it(`${locale}: every phrase with {{count}} is a plural family with the forms ${needed.join(', ')}`, () => {
      const problems: string[] = [];
      for (const ns of NAMESPACES) {
        const flat = new Map(leaves(read(locale, ns)));
        for (const [key, text] of flat) {
          if (/\{\{\s*count\b/.test(text) && !PLURAL_SUFFIX.test(key)) problems.push(`${ns}:${key} uses {{count}} without plural forms`);
          for (const name of COUNTING_PLACEHOLDERS) if (new RegExp(`\\{\\{\\s*${name}\\b`).test(text)) problems.push(`${ns}:${key} counts with {{${name}}} instead of {{count}}`);
          const base = key.replace(PLURAL_SUFFIX, '');
          if (base !== key) for (const category of needed) if (!flat.has(`${base}_${category}`)) problems.push(`${ns}:${base}_${category} is missing`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('fixed phrases, for 1 and for many, in every locale', () => {
  const instances = new Map<Locale, I18n>();
  beforeAll(async () => {
    for (const locale of LOCALES) {
      const instance = i18next.createInstance();
      await instance.init({ lng: locale, fallbackLng: false, ns: [...NAMESPACES], defaultNS: 'common', resources: { [locale]: Object.fromEntries(NAMESPACES.map((ns) => [ns, read(locale, ns)])) }, interpolation: { escapeValue: false } });
      instances.set(locale, instance);
    }
  });
  const t = (locale: Locale, key: string, options: Record<string, unknown> = {}) => (instances.get(locale)!.t as (k: string, o: object) => string)(key, options);

  const cases: { key: string; options: Record<string, unknown>; expected: Record<Locale, string | RegExp> }[] = [
    { key: 'assessment:station.correct', options: { count: 1 }, expected: { 'pt-BR': '1 correta', es: '1 correcta', en: '1 correct' } },
    { key: 'assessment:station.correct', options: { count: 3 }, expected: { 'pt-BR': '3 corretas', es: '3 correctas', en: '3 correct' } },
    { key: 'assessment:learning.correct', options: { count: 1 }, expected: { 'pt-BR': '1 correta', es: '1 correcta', en: '1 correct' } },
    { key: 'learning:lockState.minCorrectAnswersMessage', options: { count: 1 }, expected: { 'pt-BR': /pelo menos 1 pergunta para/, es: /al menos 1 pregunta para/, en: /at least 1 question correctly/ } },
    { key: 'learning:lockState.minCorrectAnswersMessage', options: { count: 2 }, expected: { 'pt-BR': /pelo menos 2 perguntas para/, es: /al menos 2 preguntas para/, en: /at least 2 questions correctly/ } },
    { key: 'assessment:lockState.minCorrectAnswersMessage', options: { count: 1 }, expected: { 'pt-BR': /pelo menos 1 pergunta para/, es: /al menos 1 pregunta para/, en: /at least 1 question correctly/ } },
    { key: 'assessment:station.correct', options: { count: 0 }, expected: { 'pt-BR': '0 corretas', es: '0 correctas', en: '0 correct' } },
    { key: 'notifications:buttonWithCount', options: { count: 1, shown: '1' }, expected: { 'pt-BR': 'Notificações (1 nova)', es: 'Notificaciones (1 nueva)', en: 'Notifications (1 new)' } },
    // the badge caps at 99+: the form follows the real count, the text shows the cap
    { key: 'notifications:buttonWithCount', options: { count: 150, shown: '99+' }, expected: { 'pt-BR': 'Notificações (99+ novas)', es: 'Notificaciones (99+ nuevas)', en: 'Notifications (99+ new)' } },
    { key: 'booking:time.free', options: { count: 1 }, expected: { 'pt-BR': '1 vaga', es: '1 libre', en: '1 free' } },
    { key: 'booking:location.capacity', options: { count: 1 }, expected: { 'pt-BR': 'Até 1 visitante por horário', es: 'Hasta 1 visitante por horario', en: 'Up to 1 visitor per time slot' } },
  ];
  for (const { key, options, expected } of cases) {
    for (const locale of LOCALES) {
      it(`${locale} ${key} ${JSON.stringify(options)}`, () => {
        const want = expected[locale];
        if (typeof want === 'string') expect(t(locale, key, options)).toBe(want);
        else expect(t(locale, key, options)).toMatch(want);
      });
    }
  }

  it('"is required" agrees with the field: Senha é obrigatória, Mensaje es obligatorio (context female/male)', () => {
    expect(t('pt-BR', 'common:validation.required', { field: 'Senha', context: 'female' })).toBe('Senha é obrigatória');
    expect(t('pt-BR', 'common:validation.required', { field: 'Nome', context: 'male' })).toBe('Nome é obrigatório');
    expect(t('es', 'common:validation.required', { field: 'Contraseña', context: 'female' })).toBe('Contraseña es obligatoria');
    expect(t('es', 'common:validation.required', { field: 'Mensaje', context: 'male' })).toBe('Mensaje es obligatorio');
    expect(t('en', 'common:validation.required', { field: 'Password', context: 'female' })).toBe('Password is required');
    // each label says its gender in its own language: Mensagem is feminine, Mensaje masculine
    expect(t('pt-BR', 'support:fieldGenders.message')).toBe('female');
    expect(t('es', 'support:fieldGenders.message')).toBe('male');
    expect(t('pt-BR', 'auth:fieldGenders.password')).toBe('female');
    expect(t('pt-BR', 'account:profile.fieldGenders.actingArea')).toBe('female');
  });

  it('a country takes its article: no Brasil, na Argentina, em Cuba; en Brasil; in Brazil', () => {
    const title = (locale: Locale, code: string, country: string) => t(locale, 'booking:country.title', { country, context: t(locale, `common:countryGenders.${code}`) });
    expect(title('pt-BR', 'BR', 'Brasil')).toBe('Centros de treinamento no Brasil');
    expect(title('pt-BR', 'AR', 'Argentina')).toBe('Centros de treinamento na Argentina');
    expect(title('pt-BR', 'CU', 'Cuba')).toBe('Centros de treinamento em Cuba');
    expect(title('pt-BR', 'DO', 'República Dominicana')).toBe('Centros de treinamento na República Dominicana');
    expect(title('es', 'BR', 'Brasil')).toBe('Centros de entrenamiento en Brasil');
    expect(title('en', 'BR', 'Brazil')).toBe('Training centers in Brazil');
  });
});

describe('one word for one thing, in every locale', () => {
  it('the journeys header says what the journey pages and the menu say ("Trayectos", not "Jornadas")', () => {
    for (const locale of LOCALES) {
      const shell = leaves(read(locale, 'shell'));
      const learning = new Map(leaves(read(locale, 'learning')));
      const title = learning.get('journey.title')!;
      expect(new Map(shell).get('journey.title'), locale).toBe(title);
      // no journey string of the shell uses another word than the pages' one
      const word = learning.get('nav.journey')!.toLowerCase();
      for (const [key, text] of shell.filter(([key]) => key.startsWith('journey.') || key.startsWith('welcome.journey.title'))) {
        if (/^journey\.(brand|title)$|^welcome\.journey\.title$/.test(key)) expect(text.toLowerCase(), `${locale} shell:${key}`).toContain(word.replace(/s$/, ''));
      }
    }
  });

  it('support subjects read in the user\'s language, each fixed subject in all three', () => {
    const labels = (locale: Locale) => new Map(leaves(read(locale, 'support')).filter(([key]) => key.startsWith('subjects.')));
    expect(labels('es').get('subjects.contentUpdate')).toBe('Actualización de contenido');
    expect(labels('en').get('subjects.contentUpdate')).toBe('Content update');
    expect(labels('pt-BR').get('subjects.contentUpdate')).toBe('Atualização de conteúdo');
  });
});

describe('the product has one name, from configuration (issue 13)', () => {
  it('no string spells a product name of its own: they say {{product}} (app-config productName)', () => {
    const names = /Portal de (Aprendizagem|Aprendizaje|Treinamento|Capacitación)|Learning Portal|Portal Agro|Agro Portal/;
    const spelled: string[] = [];
    for (const locale of LOCALES) for (const ns of NAMESPACES) for (const [key, text] of leaves(read(locale, ns))) if (names.test(text)) spelled.push(`${locale}/${ns}:${key}`);
    expect(spelled).toEqual([]);
    for (const locale of LOCALES) {
      const flat = new Map(leaves(read(locale, 'shell')));
      expect(flat.get('menu.title'), locale).toBe('{{product}}');
      expect(flat.get('public.title'), locale).toBe('{{product}}');
    }
  });
});
