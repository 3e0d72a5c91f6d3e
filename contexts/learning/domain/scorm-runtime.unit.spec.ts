import { describe, expect, it } from 'vitest';
import { AppError } from '@portal/kernel';
import { decideProgress, initialProgressState, unlocked, type EntryFacts, type ProgressCommand } from './progress.js';
import { scormRuntimeOf } from './scorm-runtime.js';

const i = (n: number, rest: Record<string, string>) => Object.fromEntries(Object.entries(rest).map(([k, v]) => [`cmi.interactions.${n}.${k}`, v]));
const o = (n: number, rest: Record<string, string>) => Object.fromEntries(Object.entries(rest).map(([k, v]) => [`cmi.objectives.${n}.${k}`, v]));

describe('SCORM interactions and objectives (issue 27)', () => {
  it('reads a SCORM 2004 SCO: interactions with their responses, result, latency and timestamp; objectives with status and score', () => {
    const cmi = {
      ...i(0, { id: 'soil-depth', type: 'choice', learner_response: 'b', result: 'correct', description: 'How deep is a soil sample taken?', latency: 'PT12S', timestamp: '2026-12-01T10:00:00', 'correct_responses.0.pattern': 'b', 'objectives.0.id': 'sampling' }),
      ...i(1, { id: 'ph', type: 'numeric', learner_response: '6.5', result: 'incorrect' }),
      ...o(0, { id: 'sampling', success_status: 'passed', completion_status: 'completed', 'score.scaled': '0.9', description: 'Take a soil sample' }),
      'cmi.completion_status': 'completed',
    };
    const { interactions, objectives, issues } = scormRuntimeOf('2004', cmi);
    expect(issues).toEqual([]);
    expect(interactions).toEqual([
      { index: 0, id: 'soil-depth', type: 'choice', learnerResponse: 'b', result: 'correct', correctResponses: ['b'], description: 'How deep is a soil sample taken?', latency: 'PT12S', timestamp: '2026-12-01T10:00:00', weighting: null, objectiveIds: ['sampling'] },
      expect.objectContaining({ index: 1, id: 'ph', learnerResponse: '6.5', result: 'incorrect', correctResponses: [] }),
    ]);
    expect(objectives).toEqual([{ index: 0, id: 'sampling', status: 'passed', completion: 'completed', score: 90, description: 'Take a soil sample' }]);
  });

  it("reads a SCORM 1.2 SCO's own element names (student_response, time, wrong, status, score.raw)", () => {
    const cmi = { ...i(0, { id: 'q1', type: 'true-false', student_response: 't', result: 'wrong', time: '10:01:02', latency: '00:00:05' }), ...o(0, { id: 'o1', status: 'failed', 'score.raw': '40' }) };
    const { interactions, objectives, issues } = scormRuntimeOf('1.2', cmi);
    expect(issues).toEqual([]);
    expect(interactions[0]).toMatchObject({ id: 'q1', learnerResponse: 't', result: 'wrong', timestamp: '10:01:02', latency: '00:00:05', description: null });
    expect(objectives[0]).toMatchObject({ id: 'o1', status: 'failed', completion: null, score: 40 });
  });

  it("names each element that breaks its version's vocabulary or format", () => {
    // 'incorrect' and 'long-fill-in' are SCORM 2004's words, not 1.2's; a 2004 latency is an ISO duration
    expect(scormRuntimeOf('1.2', i(0, { id: 'q1', type: 'long-fill-in', result: 'incorrect' })).issues.map((x) => x.path)).toEqual(['cmi.interactions.0.type', 'cmi.interactions.0.result']);
    expect(scormRuntimeOf('2004', { ...i(2, { id: 'q', latency: '00:00:05' }), ...o(0, { id: 'o', success_status: 'done' }) }).issues.map((x) => x.path)).toEqual(['cmi.interactions.2.latency', 'cmi.objectives.0.success_status']);
    expect(scormRuntimeOf('2004', i(0, { id: 'q', type: 'long-fill-in', result: 'incorrect' })).issues).toEqual([]);
  });

  it('carries the records on the commit and refuses a commit whose interaction breaks the shape, with 400 and the element', () => {
    const entry: EntryFacts = { entryId: 'c2', type: 'scorm', duration: 0, scormVersion: '2004' };
    const command = (cmi: Record<string, string>): ProgressCommand => ({ type: 'SaveScormState', data: { actor: 'u1', stationId: 's1', entry, station: { entries: [] }, lock: unlocked(), cmi, now: '2026-12-01T10:00:00.000Z' } });
    const [saved] = decideProgress(command({ ...i(0, { id: 'q', learner_response: 'b', result: 'correct' }) }), initialProgressState());
    expect(saved).toMatchObject({ type: 'ScormStateSaved', data: { interactions: [{ id: 'q', learnerResponse: 'b', result: 'correct' }] } });
    expect(saved!.data).not.toHaveProperty('objectives');
    const refusal = (() => {
      try {
        decideProgress(command(i(0, { id: 'q', result: 'wrong' })), initialProgressState());
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).details).toEqual([expect.objectContaining({ path: 'cmi.cmi.interactions.0.result', code: 'invalid_value' })]);
  });
});
