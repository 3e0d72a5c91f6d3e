import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { newUuid } from '../../../shared/api/guest-id';
import { invalidateLearningData } from '../api/keys';
import { sendPlayTick } from '../api/progress';

/**
 * Documents and links (pdf, iframe, link): `{ event: 'end', seconds: 0, duration: 0 }` once the
 * learner has opened one completes it (contracts README). Signed-in learners only: guests can
 * only record views. Answers `complete()` to call when the learner opens it (once per entry
 * shown); `auto` calls it when the player shows.
 */
export const useDocumentCompletion = (stationId: string, entryId: string, signedIn: boolean, auto: boolean) => {
  const client = useQueryClient();
  const done = useRef<string | null>(null);

  const complete = useCallback(() => {
    if (!signedIn || done.current === entryId) return;
    done.current = entryId;
    sendPlayTick(stationId, entryId, { event: 'end', playSessionId: newUuid(), seconds: 0, duration: 0 }).then(
      () => invalidateLearningData(client),
      (error: unknown) => {
        console.warn('Completion not saved', error);
        done.current = null;
      },
    );
  }, [client, stationId, entryId, signedIn]);

  useEffect(() => {
    if (auto) complete();
  }, [auto, complete]);

  return complete;
};
