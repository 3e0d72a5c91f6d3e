import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserData } from '@portal/identity/contracts/http';
import { recordInteraction } from '../../../shared/api/user-store';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useBlockingDialog } from '../../../shared/ui/blocking-dialog';
import { homeModalFlags, homeModalToShow, VIDEO_MODAL_CLOSED_KEY } from './home-modal-rules';

const readClosed = (userId: string): boolean => {
  try {
    return globalThis.sessionStorage?.getItem(VIDEO_MODAL_CLOSED_KEY) === userId;
  } catch {
    return false;
  }
};

const rememberClosed = (userId: string): void => {
  try {
    globalThis.sessionStorage?.setItem(VIDEO_MODAL_CLOSED_KEY, userId);
  } catch {
    // Storage blocked: closed for this page only.
  }
};

/**
 * The home modals of 000 §4.5: the Brazil alert (until confirmed; confirming records the
 * advertenceAlertConfirmed interaction) and the first-video invitation (closed for the
 * session; the learning screens record firstVideoContentViewed when a video is watched). Each
 * is a blocking dialog: it opens only when the visit has not shown another (ADR 0082).
 */
export function HomeModals({ user }: { user: Pick<UserData, 'uid' | 'country' | 'interactions'> }) {
  const { t } = useTranslation('home');
  const toMessage = useErrorMessage();
  const client = useQueryClient();
  const [videoClosed, setVideoClosed] = useState(() => readClosed(user.uid));
  const confirm = useMutation({
    mutationKey: ['identity', 'interaction', 'advertenceAlertConfirmed'] as const,
    mutationFn: () => recordInteraction(client, 'advertenceAlertConfirmed'),
  });

  const wanted = homeModalToShow(homeModalFlags(user, videoClosed));
  // one blocking dialog per visit (ADR 0082): the first-video invitation after the alert waits for the next visit
  const alertMay = useBlockingDialog('home-alert', wanted === 'alert');
  const videoMay = useBlockingDialog('home-video', wanted === 'video');
  const shown = wanted === 'alert' && alertMay ? 'alert' : wanted === 'video' && videoMay ? 'video' : null;
  const closeVideo = () => {
    rememberClosed(user.uid);
    setVideoClosed(true);
  };

  return (
    <>
      <Modal
        opened={shown === 'alert'}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
        title={t('alertModal.title')}
      >
        <Stack gap="md" data-testid="home-alert-modal">
          <Text>{t('alertModal.body')}</Text>
          <Text size="sm" c="dimmed">
            {t('alertModal.detail')}
          </Text>
          {confirm.isError && (
            <Alert color="red" variant="light" role="alert">
              {toMessage(confirm.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={() => confirm.mutate()} loading={confirm.isPending} data-testid="home-alert-confirm">
              {t('alertModal.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={shown === 'video'} onClose={closeVideo} centered title={t('videoModal.title')}>
        <Stack gap="md" data-testid="home-video-modal">
          <Text>{t('videoModal.body')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={closeVideo} data-testid="home-video-later">
              {t('videoModal.later')}
            </Button>
            <Button onClick={closeVideo} data-testid="home-video-ok">
              {t('videoModal.ok')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
