import { describe, expect, it } from 'vitest';
import { interactionTraceRequestSchema, userEventRequestSchema } from '@portal/engagement/contracts/http';
import { traceFromElement, userEventFromElement } from './tracing';
import { showChatbot } from './shell-links';

describe('click tracing (000 §7)', () => {
  it('builds the interaction trace from data attributes, valid for the contract', () => {
    const trace = traceFromElement(
      { dataset: { traceCategory: 'side-menu', traceAction: 'open', traceLabel: 'questions', traceValue: '3', testid: 'menu-questions' }, textContent: '  Dúvidas \n ' },
      { registerId: 'u1', context: 'default', now: 1000 },
    );
    expect(trace).toEqual({ category: 'side-menu', action: 'open', label: 'questions', value: 3, nodeId: 'menu-questions', context: 'default', time: 1000, textContent: 'Dúvidas', registerId: 'u1' });
    expect(interactionTraceRequestSchema.safeParse(trace).success).toBe(true);
  });

  it('defaults the action to click, keeps text values and works for guests', () => {
    const trace = traceFromElement({ dataset: { traceCategory: 'footer', traceValue: 'abc' }, id: 'x' }, { registerId: null, context: 'public', now: 1 });
    expect(trace).toMatchObject({ action: 'click', value: 'abc', nodeId: 'x', registerId: null, label: null });
  });

  it('ignores elements without a category', () => {
    expect(traceFromElement({ dataset: {} }, { registerId: null, context: 'x', now: 1 })).toBeNull();
  });

  it('builds a user event with its payload from data-user-event-*', () => {
    const event = userEventFromElement(
      { dataset: { userEvent: 'media_open', userEventEntry: 'bv-video', userEventStation: 'boas-vindas' } },
      { sessionId: 's1', now: 5, timezoneOffset: 180, contextArea: 'main', pageUrl: 'http://x/station' },
    );
    expect(event).toEqual({ payload: { event: 'media_open', entry: 'bv-video', station: 'boas-vindas' }, sessionId: 's1', clientTime: 5, clientTimeOffset: -180, contextArea: 'main', pageUrl: 'http://x/station' });
    expect(userEventRequestSchema.safeParse(event).success).toBe(true);
    expect(userEventFromElement({ dataset: {} }, { sessionId: null, now: 1, timezoneOffset: 0, contextArea: 'x', pageUrl: '' })).toBeNull();
  });
});

describe('Brazil chatbot (000 §2.9)', () => {
  it('shows for Brazil when configured', () => {
    expect(showChatbot('BR', 'pt-BR', 'https://bot')).toBe(true);
    expect(showChatbot(null, 'pt-BR', 'https://bot')).toBe(true);
    expect(showChatbot('BR', 'pt-BR', null)).toBe(false);
    expect(showChatbot('AR', 'es', 'https://bot')).toBe(false);
    expect(showChatbot(null, 'es', 'https://bot')).toBe(false);
  });
});
