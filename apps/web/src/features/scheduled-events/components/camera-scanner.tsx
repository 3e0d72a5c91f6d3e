import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  /** each text the camera reads (the same code is read many times a second: the caller drops repeats) */
  onRead: (text: string) => void;
}

/**
 * The phone's camera as a QR reader (ADR 0061): @zxing/browser, loaded only when staff open the
 * scanner (its own chunk), reading from the back camera until the component leaves.
 */
export function CameraScanner({ onRead }: Props) {
  const { t } = useTranslation('scheduledEvents');
  const video = useRef<HTMLVideoElement>(null);
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;
  const [state, setState] = useState<'starting' | 'on' | 'failed'>('starting');

  useEffect(() => {
    let stopped = false;
    let stop: (() => void) | null = null;
    void (async () => {
      try {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        if (stopped || !video.current) return;
        const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150, delayBetweenScanSuccess: 800 });
        const controls = await reader.decodeFromConstraints({ video: { facingMode: 'environment' } }, video.current, (result) => {
          if (result) onReadRef.current(result.getText());
        });
        if (stopped) controls.stop();
        else {
          stop = () => controls.stop();
          setState('on');
        }
      } catch {
        if (!stopped) setState('failed');
      }
    })();
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);

  return (
    <Stack gap="xs" data-testid="camera-scanner" data-state={state}>
      {state === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {t('checkIn.cameraFailed')}
        </Alert>
      )}
      {state === 'starting' && <Loader size="sm" aria-label={t('checkIn.cameraStarting')} />}
      <Box component="video" ref={video} muted playsInline w="100%" maw={420} style={{ borderRadius: 8, background: 'black', display: state === 'failed' ? 'none' : 'block' }} aria-label={t('checkIn.cameraLabel')} />
    </Stack>
  );
}
