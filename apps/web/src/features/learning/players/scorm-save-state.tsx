import { useSyncExternalStore } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { scormOutbox } from '../api/scorm';

const COLORS = { saving: 'dimmed', saved: 'teal', retrying: 'orange' } as const;

/** The learner's discreet word on the package's commits (issue 27): saving…, saved, or will retry when the connection is back. */
export function ScormSaveState() {
  const { t } = useTranslation('learning');
  const state = useSyncExternalStore(
    (listener) => scormOutbox.subscribe(listener),
    () => scormOutbox.current(),
  );
  return (
    <Text size="xs" c={state === 'idle' ? 'dimmed' : COLORS[state]} role="status" aria-live="polite" data-testid="scorm-save-state" data-state={state} mih={18}>
      {state === 'idle' ? '' : t(`player.scormSave.${state}`)}
    </Text>
  );
}
