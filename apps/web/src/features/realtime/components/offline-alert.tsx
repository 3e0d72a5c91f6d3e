import { useSyncExternalStore } from 'react';
import { Alert, Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OfflineIcon } from '../../../shared/ui/icons';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser says it is online. */
export const useOnline = (): boolean => useSyncExternalStore(subscribe, () => navigator.onLine, () => true);

/** The offline alert of the default layout (000 §2.3, §8 app/offline). */
export function OfflineAlert() {
  const { t } = useTranslation('realtime');
  const online = useOnline();
  if (online) return null;
  return (
    <Box pos="fixed" bottom={16} left="50%" style={{ transform: 'translateX(-50%)', zIndex: 300, maxWidth: 'calc(100vw - 32px)' }}>
      <Alert color="orange" variant="filled" role="alert" icon={<OfflineIcon size={18} />} title={t('offlineTitle')} data-testid="offline-alert">
        {t('offlineMessage')}
      </Alert>
    </Box>
  );
}
