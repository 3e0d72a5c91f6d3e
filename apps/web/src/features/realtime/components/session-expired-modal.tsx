import { useEffect, useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userDataQueryOptions } from '../../../shared/api/user-data';
import { appConfig } from '../../../shared/config/app-config';
import { useSignedIn } from '../../../shared/session/use-session';
import { shouldShowSessionExpired } from '../model/session-rules';
import { reloadWithNewVersion } from '../service-worker';
import { setStartVersion, useVersions } from './version-store';

/**
 * The session-expired modal of 000 §4.10 and §8: shown when the published version changes
 * after user data is initialized and both versions are known and differ. The only way out is
 * the reload button (no close button, no Esc, no backdrop), which also lets a waiting service
 * worker take over, so the new version loads.
 */
export function SessionExpiredModal() {
  const { t } = useTranslation('realtime');
  const signedIn = useSignedIn();
  const user = useQuery({ ...userDataQueryOptions(), enabled: signedIn });
  const { known, published } = useVersions();
  const [reloading, setReloading] = useState(false);

  useEffect(() => setStartVersion(appConfig().version), []);

  const show = shouldShowSessionExpired({ userDataInitialized: signedIn && user.data !== undefined, knownVersion: known, publishedVersion: published });

  return (
    <Modal
      opened={show}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('sessionExpiredTitle')}
      zIndex={400}
    >
      <Stack gap="md" data-testid="session-expired">
        <Text>{t('sessionExpiredMessage')}</Text>
        <Button
          onClick={() => {
            setReloading(true);
            void reloadWithNewVersion();
          }}
          loading={reloading}
          data-autofocus
          data-testid="session-expired-reload"
          style={{ alignSelf: 'flex-end' }}
        >
          {t('reload')}
        </Button>
      </Stack>
    </Modal>
  );
}
