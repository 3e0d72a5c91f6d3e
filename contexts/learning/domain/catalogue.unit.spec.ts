import { describe, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import { catalogueItemDecider } from './catalogue.js';
import type { QuestionRevised } from '../contracts/events.js';
import type { Question } from '../contracts/pack.js';

const spec = deciderSpec(catalogueItemDecider);
const now = '2026-11-21T10:00:00.000Z';
const question = { questionId: 'q1' } as unknown as Question;
const revise = (contentHash: string) => ({ type: 'ReviseItem', data: { kind: 'question', id: 'q1', contentHash, item: question, packVersion: 'v1', now } }) as const;
const revised = (revision: number, contentHash: string): QuestionRevised => ({ type: 'QuestionRevised', data: { questionId: 'q1', revision, contentHash, question, packVersion: 'v1', revisedAt: now } });

describe('catalogue item revisions (idempotent import)', () => {
  it('records the first revision of a new item', () => {
    spec.given([]).when(revise('h1')).then([revised(1, 'h1')]);
  });
  it('writes nothing for an unchanged item', () => {
    spec.given([revised(1, 'h1')]).when(revise('h1')).thenNothing();
  });
  it('gives a changed item the next revision', () => {
    spec.given([revised(1, 'h1')]).when(revise('h2')).then([revised(2, 'h2')]);
  });
  it('retires an item once, and brings it back with a new revision', () => {
    const retire = { type: 'RetireItem', data: { kind: 'question', id: 'q1', packVersion: 'v2', now } } as const;
    const retired = { type: 'QuestionRetired', data: { questionId: 'q1', revision: 2, packVersion: 'v2', retiredAt: now } } as const;
    spec.given([revised(1, 'h1')]).when(retire).then([retired]);
    spec.given([revised(1, 'h1'), retired]).when(retire).thenNothing();
    spec.given([]).when(retire).thenNothing();
    spec.given([revised(1, 'h1'), retired]).when(revise('h1')).then([revised(3, 'h1')]);
  });
});
