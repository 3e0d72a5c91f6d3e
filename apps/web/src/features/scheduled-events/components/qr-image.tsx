import { useEffect, useState } from 'react';
import { Alert, Box, Skeleton } from '@mantine/core';
import { toDataURL } from 'qrcode';
import { useTranslation } from 'react-i18next';

interface Props {
  /** what the code carries (a ticket, the scan page's URL) */
  value: string;
  /** the side in CSS pixels */
  size: number;
  alt: string;
  testId: string;
}

/**
 * A QR code drawn in the browser with the `qrcode` package (ADR 0061): the attendee's ticket and
 * the staff screen's rotating code. When the code cannot be made, 001 §8's "QR code generation
 * error (contact support)" shows instead.
 */
export function QrImage({ value, size, alt, testId }: Props) {
  const { t } = useTranslation('errors');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    // drawn at twice the size so a projector or a phone's dense screen shows it sharp
    toDataURL(value, { errorCorrectionLevel: 'M', margin: 2, width: size * 2 })
      .then((url) => current && setSrc(url))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [value, size]);

  if (failed) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid={`${testId}-error`}>
        {t('qr-code-generation-error')}
      </Alert>
    );
  }
  if (!src) return <Skeleton w={size} h={size} />;
  return (
    <Box component="img" src={src} alt={alt} w={size} h={size} maw="100%" style={{ imageRendering: 'pixelated', aspectRatio: '1' }} data-testid={testId} data-value={value} />
  );
}
