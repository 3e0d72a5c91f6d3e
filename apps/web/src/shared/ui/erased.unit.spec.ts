import { describe, expect, it } from 'vitest';
import en from '../../locales/en/common.json';
import es from '../../locales/es/common.json';
import ptBR from '../../locales/pt-BR/common.json';
import { personalText, summaryText, withErasedWords } from './erased';

describe('erased personal data on screen (ADR 0091)', () => {
  it('shows an erased value as the reader\'s word, in pt-BR, es and en, and leaves other values alone', () => {
    expect([ptBR, es, en].map((l) => personalText('[erased]', l.privacy.erased))).toEqual(['apagado', 'borrado', 'erased']);
    expect(personalText('Ana Souza', 'apagado')).toBe('Ana Souza');
    expect(personalText(null, 'apagado')).toBeNull();
  });

  it('replaces erased values inside an audited event and a summary line', () => {
    expect(withErasedWords({ email: '[erased]', profile: { name: '[erased]', state: 'SP' }, tags: ['[erased]', 'x'], n: 1 }, 'borrado')).toEqual({ email: 'borrado', profile: { name: 'borrado', state: 'SP' }, tags: ['borrado', 'x'], n: 1 });
    expect(summaryText('name: [erased], city: [erased]', 'erased')).toBe('name: erased, city: erased');
  });
});
