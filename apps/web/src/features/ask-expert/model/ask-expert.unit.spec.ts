import { describe, expect, it } from 'vitest';
import type { ExpertThemeOption, MyExpertQuestion } from '@portal/engagement/contracts/http';
import { byWaitingFirst, EMPTY_ASK_FORM, subThemesOf, validateAsk, validateResponse, withTheme } from './ask-expert';

const themes: ExpertThemeOption[] = [
  { value: 'soja', label: 'Soja', subThemes: [{ value: 'soja-ferrugem', label: 'Ferrugem' }] },
  { value: 'milho', label: 'Milho', subThemes: [{ value: 'milho-cigarrinha', label: 'Cigarrinha' }] },
];

describe('the ask form', () => {
  it('offers the sub-themes of the chosen theme and drops a sub-theme of another theme', () => {
    expect(subThemesOf(themes, '')).toEqual([]);
    expect(subThemesOf(themes, 'milho').map((s) => s.value)).toEqual(['milho-cigarrinha']);
    const chosen = { ...EMPTY_ASK_FORM, themeId: 'soja', subThemeId: 'soja-ferrugem' };
    expect(withTheme(chosen, themes, 'soja').subThemeId).toBe('soja-ferrugem');
    expect(withTheme(chosen, themes, 'milho')).toMatchObject({ themeId: 'milho', subThemeId: '' });
  });

  it('asks for every field, a phone shape and the length limits', () => {
    expect(validateAsk(EMPTY_ASK_FORM)).toEqual({ themeId: { rule: 'required' }, subThemeId: { rule: 'required' }, phone: { rule: 'required' }, title: { rule: 'required' }, question: { rule: 'required' } });
    const ok = { themeId: 'soja', subThemeId: 'soja-ferrugem', phone: '(19) 99999-0000', title: 'Manchas', question: 'É ferrugem?' };
    expect(validateAsk(ok)).toEqual({});
    expect(validateAsk({ ...ok, phone: 'abc' })).toEqual({ phone: { rule: 'phoneNumberInvalid' } });
    expect(validateAsk({ ...ok, title: 'x'.repeat(121) })).toEqual({ title: { rule: 'maxLength', length: 120 } });
    expect(validateResponse(' ')).toEqual({ rule: 'required' });
    expect(validateResponse('Sim')).toBeUndefined();
  });

  it('lists waiting questions first', () => {
    const q = (questionId: string, status: MyExpertQuestion['status']) => ({ questionId, status }) as MyExpertQuestion;
    expect(byWaitingFirst([q('a', 'answered'), q('b', 'open'), q('c', 'withdrawn')]).map((x) => x.questionId)).toEqual(['b', 'a', 'c']);
  });
});
