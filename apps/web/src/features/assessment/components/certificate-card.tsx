import { useEffect, useState } from 'react';
import { Anchor, Badge, Button, Group, Image, List, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { certificateVerifyPath, type CertificateView } from '@portal/scoring/contracts/http';
import { CheckIcon, CrossIcon } from '../../../shared/ui/icons';
import { asLocale, pickText } from '../../../shared/ui/shell/localized';
import { downloadCertificatePdf, saveBlob, useCertificates } from '../api/certificates';
import { Notice } from './notice';

/** The verification address as an absolute URL (the QR code leaves this page). */
export const absoluteUrl = (url: string, origin: string): string => {
  try {
    return new URL(url, origin).toString();
  } catch {
    return url;
  }
};

/** A QR code of the verification page; a generation failure says so (000 §8). */
function VerifyQr({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation('assessment');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qr) => qr.toDataURL(url, { margin: 1, width: 144, errorCorrectionLevel: 'M' }))
      .then(
        (data) => !cancelled && setSrc(data),
        (error: unknown) => {
          console.warn('QR code not generated', error);
          if (!cancelled) setFailed(true);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [url]);
  if (failed) {
    return (
      <Text size="sm" c="red.8" data-testid="certificate-qr-error">
        {t('certificates.qrError')}
      </Text>
    );
  }
  return src ? <Image src={src} alt={alt} w={144} h={144} data-testid="certificate-qr" /> : null;
}

/**
 * A crop certificate: locked with its message (000 §4.3, §8) and the station rules still
 * missing, or issued with the PDF download (in the learner's language), its verification
 * link and QR code. A failed download shows the certificate error message.
 */
export function CertificateCard({ certificate }: { certificate: CertificateView }) {
  const { t, i18n } = useTranslation('assessment');
  const locale = asLocale(i18n.language);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const issued = certificate.issued;
  const title = pickText(certificate.title, locale);

  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const pdf = await downloadCertificatePdf(certificate.certificateId, certificate.cropId, locale);
      saveBlob(pdf, `${certificate.certificateId}-${issued?.issuedCertificateId ?? 'certificate'}.pdf`);
    } catch (error) {
      console.warn('Certificate not retrieved', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={`certificate-${certificate.certificateId}`}
      data-status={certificate.status}
      data-issued-id={issued?.issuedCertificateId ?? ''}
      data-verify-url={issued?.verifyUrl ?? ''}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{title}</Text>
          <Badge color={issued ? 'green' : 'gray'} variant="light" c="dark.8">
            {issued ? t('certificates.issued') : t('certificates.locked')}
          </Badge>
        </Group>

        {!issued && (
          <>
            <Text size="sm" data-testid="certificate-lock-message">
              {t(certificate.lockMessage ?? 'lockState.incompleteContentMessage')}
            </Text>
            {certificate.rules.length > 0 && (
              <List size="sm" spacing={4} listStyleType="none" aria-label={t('certificates.rules')}>
                {certificate.rules.map((rule) => (
                  <List.Item key={rule.stationId} data-satisfied={String(rule.satisfied)}>
                    <Group gap={6} wrap="nowrap" component="span">
                      <Text component="span" c={rule.satisfied ? 'green.8' : 'gray.7'} display="inline-flex">
                        {rule.satisfied ? <CheckIcon /> : <CrossIcon />}
                      </Text>
                      <span>
                        {pickText(rule.stationTitle, locale) || rule.stationId} · {rule.satisfied ? t('certificates.ruleDone') : t('certificates.rulePending')}
                      </span>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
          </>
        )}

        {issued && (
          <Group align="flex-start" justify="space-between" wrap="wrap">
            <Stack gap="xs">
              <Text size="sm" c="gray.7">
                {t('certificates.issuedAt', { date: new Date(issued.issuedAt).toLocaleDateString(locale) })}
              </Text>
              <Text size="sm" c="gray.7">
                {t('certificates.code', { code: issued.issuedCertificateId })}
              </Text>
              <Group gap="xs">
                <Button onClick={() => void download()} loading={busy} data-testid="certificate-download">
                  {t('certificates.download')}
                </Button>
                <Anchor component={Link} to={certificateVerifyPath(issued.issuedCertificateId)} size="sm" data-testid="certificate-verify-link">
                  {t('certificates.verifyLink')}
                </Anchor>
              </Group>
            </Stack>
            <VerifyQr url={absoluteUrl(issued.verifyUrl, window.location.origin)} alt={t('certificates.qrAlt', { title })} />
          </Group>
        )}

        {failed && (
          <Notice tone="red" role="alert" data-testid="certificate-error">
            {t('certificates.retrievalError')}
          </Notice>
        )}
      </Stack>
    </Paper>
  );
}

/** A crop's certificates (the crop page); a failed list shows the certificate error message. */
export function CropCertificates({ cropId }: { cropId: string | null }) {
  const { t } = useTranslation('assessment');
  const { data, isError } = useCertificates(cropId);
  if (isError) {
    return (
      <Notice tone="red" role="alert" data-testid="certificates-error">
        {t('certificates.retrievalError')}
      </Notice>
    );
  }
  if (!data || data.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={`certificates-title-${cropId ?? 'all'}`} data-testid="crop-certificates">
      <Text fw={700} size="lg" id={`certificates-title-${cropId ?? 'all'}`} component="h2" m={0}>
        {t('certificates.title')}
      </Text>
      {data.map((certificate) => (
        <CertificateCard key={certificate.certificateId} certificate={certificate} />
      ))}
    </Stack>
  );
}
