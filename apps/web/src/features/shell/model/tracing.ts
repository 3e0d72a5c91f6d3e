/**
 * Interaction tracing and user events from click elements (000 §7): an element (or one of its
 * ancestors) carrying data-trace-category sends POST /api/interactions/trace; one carrying
 * data-user-event sends POST /api/user-events/set. Pure builders over what the element says.
 */
export interface TraceElement {
  dataset: Readonly<Record<string, string | undefined>>;
  id?: string;
  textContent?: string | null;
}

export interface TraceContext {
  /** the signed-in user's register id, or null for a guest */
  registerId: string | null;
  /** the layout or area the click happened in */
  context: string;
  now: number;
}

export interface InteractionTrace {
  category: string;
  action: string;
  label: string | null;
  value: string | number | null;
  nodeId: string | null;
  context: string | null;
  time: number;
  textContent: string | null;
  registerId: string | null;
}

const clip = (value: string | null | undefined, max: number): string | null => {
  if (value == null) return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text.length === 0 ? null : text.slice(0, max);
};

const numberOrText = (value: string | undefined): string | number | null => {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && /^-?\d+(\.\d+)?$/.test(value.trim()) ? n : value.slice(0, 256);
};

/** The trace of a click on an element with data-trace-category (null without one). */
export const traceFromElement = (element: TraceElement, ctx: TraceContext): InteractionTrace | null => {
  const category = clip(element.dataset['traceCategory'], 64);
  if (!category) return null;
  return {
    category,
    action: clip(element.dataset['traceAction'], 64) ?? 'click',
    label: clip(element.dataset['traceLabel'], 256),
    value: numberOrText(element.dataset['traceValue']),
    nodeId: clip(element.id || element.dataset['testid'] || null, 128),
    context: clip(ctx.context, 64),
    time: ctx.now,
    textContent: clip(element.textContent, 512),
    registerId: ctx.registerId,
  };
};

export interface UserEvent {
  payload: Record<string, string>;
  sessionId: string | null;
  clientTime: number;
  /** minutes east of UTC, as the browser reports (the opposite of getTimezoneOffset) */
  clientTimeOffset: number;
  contextArea: string | null;
  pageUrl: string | null;
}

/** The user event of a click on an element with data-user-event (its data-user-event-* values are the payload). */
export const userEventFromElement = (
  element: TraceElement,
  ctx: { sessionId: string | null; now: number; timezoneOffset: number; contextArea: string; pageUrl: string },
): UserEvent | null => {
  const name = clip(element.dataset['userEvent'], 64);
  if (!name) return null;
  const payload: Record<string, string> = { event: name };
  for (const [key, value] of Object.entries(element.dataset)) {
    if (key.startsWith('userEvent') && key !== 'userEvent' && value !== undefined) {
      const field = key.slice('userEvent'.length);
      payload[field.charAt(0).toLowerCase() + field.slice(1)] = value.slice(0, 256);
    }
  }
  return {
    payload,
    sessionId: ctx.sessionId,
    clientTime: ctx.now,
    clientTimeOffset: -ctx.timezoneOffset,
    contextArea: clip(ctx.contextArea, 64),
    pageUrl: ctx.pageUrl.slice(0, 2048),
  };
};
