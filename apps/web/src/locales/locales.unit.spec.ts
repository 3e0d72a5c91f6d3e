import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, LOCALES } from '@portal/kernel';
import { BOOKING_ERRORS } from '@portal/booking/contracts/errors';
import { ASSESSMENT_ERRORS } from '@portal/assessment/contracts/errors';
import { IDENTITY_ERRORS } from '@portal/identity/contracts/errors';
import { EVENTS_ERRORS } from '@portal/events/contracts/errors';
import { ENGAGEMENT_ERRORS } from '@portal/engagement/contracts/errors';
import { NAMESPACES } from '../shared/i18n/namespaces';

const localesDir = import.meta.dirname;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const readNamespace = (locale: string, namespace: string): Json =>
  JSON.parse(readFileSync(join(localesDir, locale, `${namespace}.json`), 'utf8')) as Json;

/** Every leaf as "a.b.c" -> value; error codes stay whole keys ("app/offline"). */
const flatten = (value: Json, prefix = ''): Map<string, Json> => {
  const out = new Map<string, Json>();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [leafKey, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(leafKey, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
};

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();

describe('locale files', () => {
  it('exist for every locale and namespace, and nothing else', () => {
    expect(readdirSync(localesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()).toEqual(
      [...LOCALES].sort(),
    );
    for (const locale of LOCALES) {
      expect(readdirSync(join(localesDir, locale)).sort()).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const namespace of NAMESPACES) {
    describe(namespace, () => {
      const flat = new Map(LOCALES.map((locale) => [locale, flatten(readNamespace(locale, namespace))]));
      const allKeys = new Set([...flat.values()].flatMap((entries) => [...entries.keys()]));

      for (const locale of LOCALES) {
        it(`${locale} has every key of the other locales, each a non-empty string`, () => {
          const entries = flat.get(locale)!;
          const missing = [...allKeys].filter((key) => !entries.has(key));
          expect(missing, `missing in ${locale}/${namespace}.json`).toEqual([]);
          const empty = [...entries].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
          expect(empty, `empty or not a string in ${locale}/${namespace}.json`).toEqual([]);
        });
      }

      it('uses the same {{placeholders}} in every locale', () => {
        for (const key of allKeys) {
          const [first, ...others] = LOCALES.map((locale) => {
            const value = flat.get(locale)!.get(key);
            return typeof value === 'string' ? placeholders(value) : [];
          });
          for (const other of others) expect(other, `placeholders of ${namespace}:${key}`).toEqual(first);
        }
      });

      it('has no key that i18next would split (":" is the namespace separator)', () => {
        expect([...allKeys].filter((key) => key.includes(':'))).toEqual([]);
      });
    });
  }

  // the kernel's codes and those the contexts' contracts register (ADR 0009 §6)
  const allCodes = [...new Set<string>([...ERROR_CODES, ...Object.keys(BOOKING_ERRORS), ...Object.keys(ASSESSMENT_ERRORS), ...Object.keys(IDENTITY_ERRORS), ...Object.keys(EVENTS_ERRORS), ...Object.keys(ENGAGEMENT_ERRORS)])];

  it('errors has a translation for every code of the error catalogue', () => {
    for (const locale of LOCALES) {
      const errors = flatten(readNamespace(locale, 'errors'));
      const missing = allCodes.filter((code) => !errors.has(code));
      expect(missing, `errors missing in ${locale}`).toEqual([]);
    }
  });

  it('errors keys have no "." (the key separator), so codes stay whole keys', () => {
    expect(allCodes.filter((code) => code.includes('.') || code.includes(':'))).toEqual([]);
  });
});
