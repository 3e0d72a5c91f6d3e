import { describe, expect, it } from 'vitest';
import type { FeedItem, FeedPage } from '@portal/learning/contracts/http';
import { calendarKind, calendarOf, feedTimeZone, formatCalendar, mergeFeedPages } from './feed-model';
import { activeEntryId, canonicalRedirect, contentLinkParams, feedAreaOf, learningPaths, resolvablePath, resumeLink } from './learning-paths';
import { chooseSource, pickText } from './localized';
import { oembedEndpoint } from './oembed';
import { completionBadge, formatDuration, percentOfFraction, roundPercent, statusColour } from './status';
import { isToggleOn, toggleOverride, toggleParam } from './toggles';

describe('content status colours (000 §4.1) and percent (000 §9)', () => {
  it('maps initial/new, started orange, completed green, disabled gray; the server colour wins when sent', () => {
    expect(statusColour('initial')).toBe('blue');
    expect(statusColour('started')).toBe('orange');
    expect(statusColour('completed')).toBe('green');
    expect(statusColour('disabled')).toBe('gray');
    expect(statusColour('disabled', 'gray')).toBe('gray');
    expect(statusColour('started', null)).toBe('orange');
  });

  it('rounds the percent without decimals, within 0..100', () => {
    expect(roundPercent(66.6)).toBe(67);
    expect(roundPercent(33.4)).toBe(33);
    expect(roundPercent(120)).toBe(100);
    expect(roundPercent(Number.NaN)).toBe(0);
    expect(percentOfFraction(0.995)).toBe(100);
    expect(percentOfFraction(0.404)).toBe(40);
    expect(percentOfFraction(null)).toBe(0);
  });

  it('formats durations as m:ss, nothing for documents', () => {
    expect(formatDuration(10)).toBe('0:10');
    expect(formatDuration(75.4)).toBe('1:15');
    expect(formatDuration(3_725)).toBe('1:02:05');
    expect(formatDuration(0)).toBe('');
  });
});

describe('localized texts and sources', () => {
  it('picks the current language, else the first one that has the text', () => {
    expect(pickText({ 'pt-BR': 'Soja', es: 'Soya', en: 'Soybean' }, 'es')).toBe('Soya');
    expect(pickText({ 'pt-BR': 'Guia', es: '' }, 'es')).toBe('Guia');
    expect(pickText(null, 'en')).toBe('');
  });

  it('plays the current language when the entry has it, else the first available, with the banner flag', () => {
    const entry = { src: { 'pt-BR': '/pt.pdf', en: '/en.pdf' }, languages: ['pt-BR', 'en'] as const };
    expect(chooseSource({ ...entry, languages: [...entry.languages] }, 'en')).toEqual({ src: '/en.pdf', lang: 'en', inCurrentLanguage: true });
    expect(chooseSource({ ...entry, languages: [...entry.languages] }, 'es')).toEqual({ src: '/pt.pdf', lang: 'pt-BR', inCurrentLanguage: false });
    // protected entries come without a source
    expect(chooseSource({ src: {}, languages: ['pt-BR'] }, 'pt-BR')).toEqual({ src: null, lang: 'pt-BR', inCurrentLanguage: true });
  });
});

describe('route helpers (000 §2.1)', () => {
  it('resolves only /station, /training and /journey paths with one or two segments', () => {
    expect(resolvablePath('/training/soja/soja-manejo')).toBe('/training/soja/soja-manejo');
    expect(resolvablePath('/station/boas-vindas/')).toBe('/station/boas-vindas');
    expect(resolvablePath('/journey/ctb_cast')).toBe('/journey/ctb_cast');
    expect(resolvablePath('/training')).toBeNull();
    expect(resolvablePath('/training/a/b/c')).toBeNull();
    expect(resolvablePath('/feed/history')).toBeNull();
  });

  it('replaces to the canonical path keeping the query, and stays when already there', () => {
    expect(canonicalRedirect({ pathname: '/station/soja-manejo', search: '?video=x&start=true' }, '/training/soja/soja-manejo')).toBe(
      '/training/soja/soja-manejo?video=x&start=true',
    );
    expect(canonicalRedirect({ pathname: '/training/soja/', search: '' }, '/training/soja')).toBeNull();
    expect(canonicalRedirect({ pathname: '/station/a', search: '', hash: '#top' }, '/station/b')).toBe('/station/b#top');
  });

  it('reads the content link parameters and picks the active entry', () => {
    const params = contentLinkParams(new URLSearchParams('group=g1&video=soja-manejo-video&start=true'));
    expect(params).toEqual({ video: 'soja-manejo-video', group: 'g1', start: true });
    expect(contentLinkParams(new URLSearchParams('')).start).toBe(false);
    expect(activeEntryId(['a', 'b', 'c'], 'b', 'c')).toBe('b');
    expect(activeEntryId(['a', 'b', 'c'], 'zz', 'c')).toBe('c');
    expect(activeEntryId(['a', 'b'], null, null)).toBe('a');
    expect(activeEntryId([], null, null)).toBeNull();
  });

  it('drops start=true from a continue link so it resumes', () => {
    expect(resumeLink('/training/soja/soja-manejo?group=g&video=v&start=true')).toBe('/training/soja/soja-manejo?group=g&video=v');
    expect(resumeLink('/station/x?start=true')).toBe('/station/x');
  });

  it('builds the learning paths', () => {
    expect(learningPaths.myTraining()).toBe('/journey/list/my-training');
    expect(learningPaths.myTraining('completed')).toBe('/journey/list/my-training/completed');
    expect(learningPaths.feed('history')).toBe('/feed/history');
    expect(learningPaths.courses('biblioteca-rotulos-curso')).toBe('/courses/biblioteca-rotulos-curso');
  });
});

const item = (rowId: string, calendar: string | null = null) => ({ rowId, calendar }) as unknown as FeedItem;
const page = (items: FeedItem[], groups: FeedPage['groups'], nextOffset: number | null, total = 5): FeedPage => ({ playlist: 'history', items, groups, nextOffset, total });

describe('feeds (000 §4.12)', () => {
  it('joins pages, and the history days split across two pages', () => {
    const a = item('a', '2026-03-02');
    const b = item('b', '2026-03-01');
    const c = item('c', '2026-03-01');
    const d = item('d', '2026-02-27');
    const merged = mergeFeedPages([
      page([a, b], [{ calendar: '2026-03-02', items: [a] }, { calendar: '2026-03-01', items: [b] }], 2),
      page([c, d], [{ calendar: '2026-03-01', items: [c] }, { calendar: '2026-02-27', items: [d] }], null),
    ]);
    expect(merged.items.map((i) => i.rowId)).toEqual(['a', 'b', 'c', 'd']);
    expect(merged.groups?.map((g) => [g.calendar, g.items.map((i) => i.rowId)])).toEqual([
      ['2026-03-02', ['a']],
      ['2026-03-01', ['b', 'c']],
      ['2026-02-27', ['d']],
    ]);
    expect(merged.nextOffset).toBeNull();
    expect(mergeFeedPages([page([a], null, 8)]).groups).toBeNull();
  });

  it('titles history days today, yesterday or by date', () => {
    expect(calendarKind('2026-03-01', '2026-03-01')).toBe('today');
    expect(calendarKind('2026-02-28', '2026-03-01')).toBe('yesterday');
    expect(calendarKind('2026-02-27', '2026-03-01')).toBe('date');
    expect(formatCalendar('2026-03-01', 'en')).toContain('March 1, 2026');
    expect(calendarOf(new Date('2026-03-01T02:00:00Z'), 'America/Sao_Paulo')).toBe('2026-02-28');
  });

  it('reads the content area filter from the URL (the default area is the server default)', () => {
    expect(feedAreaOf(new URLSearchParams('area=journey'))).toBe('journey');
    expect(feedAreaOf(new URLSearchParams('area=default'))).toBeUndefined();
    expect(feedAreaOf(new URLSearchParams('area=%2Fetc'))).toBeUndefined();
    expect(feedAreaOf(new URLSearchParams(''))).toBeUndefined();
  });

  it('sends the browser time zone when the API accepts its shape, else UTC', () => {
    expect(feedTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(feedTimeZone('Etc/GMT+3')).toBe('Etc/GMT+3');
    expect(feedTimeZone(undefined)).toBe('UTC');
    expect(feedTimeZone('not a zone')).toBe('UTC');
  });
});

describe('feature toggles (000 §6)', () => {
  it('reads toggleScormTest from the query, then the remembered override, then app-config', () => {
    expect(toggleParam('scormTest')).toBe('toggleScormTest');
    expect(toggleOverride(new URLSearchParams('toggleScormTest=true'), 'scormTest')).toBe(true);
    expect(toggleOverride(new URLSearchParams('toggleScormTest=0'), 'scormTest')).toBe(false);
    expect(toggleOverride(new URLSearchParams('toggleScormTest=maybe'), 'scormTest')).toBeUndefined();
    expect(isToggleOn(false, true, undefined)).toBe(true);
    expect(isToggleOn(true, undefined, false)).toBe(false);
    expect(isToggleOn(true, undefined, undefined)).toBe(true);
  });
});

describe('oEmbed thumbnails', () => {
  it('asks the host of known video providers, nobody else', () => {
    expect(oembedEndpoint('https://www.youtube.com/watch?v=abc')).toBe('https://www.youtube.com/oembed?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3Dabc&format=json');
    expect(oembedEndpoint('https://player.vimeo.com/video/1')).toMatch(/^https:\/\/vimeo\.com\/api\/oembed\.json\?url=/);
    expect(oembedEndpoint('/api/media/embed/campo.html')).toBeNull();
    expect(oembedEndpoint('https://example.com/v')).toBeNull();
  });
});

describe('the badge above a station\'s progress bar (issue 26)', () => {
  it('says all contents are completed only when the bar does; this page\'s videos watched while the rest is open is said as such', () => {
    // /training/soja after its intro video: 1 of 7 done, in progress
    expect(completionBadge('2026-12-06T10:00:00.000Z', { status: 'in-progress' })).toBe('pageVideos');
    expect(completionBadge('2026-12-06T10:00:00.000Z', { status: 'completed' })).toBe('all');
    expect(completionBadge(null, { status: 'completed' })).toBe('all');
    expect(completionBadge(null, { status: 'in-progress' })).toBeNull();
    expect(completionBadge(undefined, { status: 'not-started' })).toBeNull();
  });
});
