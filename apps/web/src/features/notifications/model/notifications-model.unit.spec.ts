import { describe, expect, it } from 'vitest';
import { modalSize, nextMessage, notificationCandidates, NOTIFICATION_LIST_MAX, parseReadIds, SIDEBAR_WIDTH_PX, sidebarItems, withRead, type NotificationSource } from './notifications-model';

const source = (rowId: string, patch: Partial<NotificationSource> = {}): NotificationSource => ({
  rowId,
  contentTitle: { 'pt-BR': `${rowId} pt`, en: `${rowId} en` },
  stationTitle: { 'pt-BR': 'Estação' },
  showInNotification: true,
  contentStatus: 'initial',
  mediaUpdatedAt: '2026-01-01T00:00:00.000Z',
  thumbSrc: null,
  to: `/station/s?video=${rowId}`,
  ...patch,
});

describe('notifications sidebar (000 §4.6)', () => {
  it('is 450 px wide and lists at most 10', () => {
    expect(SIDEBAR_WIDTH_PX).toBe(450);
    expect(NOTIFICATION_LIST_MAX).toBe(10);
    const many = Array.from({ length: 14 }, (_, i) => source(`r${i}`, { mediaUpdatedAt: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z` }));
    const items = sidebarItems(many, new Set(), 'pt-BR');
    expect(items).toHaveLength(10);
    expect(items[0]?.rowId).toBe('r13');
    expect(items[9]?.rowId).toBe('r4');
  });

  it('lists only showInNotification items whose status is initial and not read here', () => {
    const items = sidebarItems(
      [source('a'), source('b', { showInNotification: false }), source('c', { contentStatus: 'started' }), source('d', { contentStatus: 'completed' }), source('e')],
      new Set(['e']),
      'en',
    );
    expect(items.map((i) => [i.rowId, i.title, i.stationTitle])).toEqual([['a', 'a en', 'Estação']]);
  });

  it('merges recommendations and known content, each row once', () => {
    const merged = notificationCandidates([source('a', { to: '/from-recommendation' }), source('x', { contentStatus: 'started' })], [source('a'), source('b')]);
    expect(merged.map((c) => [c.rowId, c.to])).toEqual([
      ['a', '/from-recommendation'],
      ['b', '/station/s?video=b'],
    ]);
  });

  it('remembers read rows locally (bounded)', () => {
    expect(parseReadIds(null)).toEqual(new Set());
    expect(parseReadIds('bad')).toEqual(new Set());
    expect(parseReadIds('["a",1,"b"]')).toEqual(new Set(['a', 'b']));
    expect(withRead(new Set(['a', 'b']), 'a')).toEqual(['b', 'a']);
    expect(withRead(new Set(['a', 'b', 'c']), 'd', 3)).toEqual(['b', 'c', 'd']);
  });
});

describe('notification messages (000 §4.6)', () => {
  it('shows the queue one at a time; closing shows the next', () => {
    const queue = [{ id: '1' }, { id: '2' }];
    expect(nextMessage(queue, new Set())?.id).toBe('1');
    expect(nextMessage(queue, new Set(['1']))?.id).toBe('2');
    expect(nextMessage(queue, new Set(['1', '2']))).toBeNull();
  });
  it('sizes the modal from displayViewConfig', () => {
    expect(modalSize('small')).toBe('sm');
    expect(modalSize('medium')).toBe('lg');
    expect(modalSize('large')).toBe('xl');
  });
});
